import type { ReceptionGuest, ReceptionMutation, ReceptionMutationResult } from '@app/contracts';

/**
 * The desk's offline logic as pure functions (§4 Reception; issue part "works with a bad signal"):
 * the cached guest list is the server's last word (`base`), the queue holds the writes not yet
 * accepted, and what the desk shows is the base with the queue applied on top. The server decides
 * last-writer-wins per field by corrected client time; the client only shows its own pending writes
 * first and afterwards what the server answered (stale writes become notes, never silently lost).
 */

/** A write of the desk without its identity and time (what a tap or a form produces). */
export type MutationDraft =
  | { kind: 'status'; guest_id: string; phase_id: string; status: 0 | 1 }
  | { kind: 'answer'; guest_id: string; phase_id: string; key: string; value: string }
  | {
      kind: 'guest';
      guest_id: string;
      field: 'name' | 'title' | 'description' | 'note' | 'photo';
      value: string;
    };

/** What the desk tells about a write the server did not keep: overwritten by a later change, or refused. */
export type DeskNote = {
  mutation_id: string;
  guest_id: string;
  guest_name: string;
  kind: ReceptionMutation['kind'];
  outcome: 'stale' | 'rejected';
  code: string;
  /** When the answer came (device ms). */
  at: number;
};

/** A v4 UUID (crypto.randomUUID where the page is a secure context, random bytes otherwise). */
export function newMutationId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A queued write: a new mutation id and `client_at` = device ms + the server clock offset learnt from
 * `x-server-time` (so LWW orders writes of devices with wrong clocks correctly).
 */
export function stampMutation(
  draft: MutationDraft,
  deviceNowMs: number,
  clockOffsetMs: number,
): ReceptionMutation {
  return {
    ...draft,
    mutation_id: newMutationId(),
    client_at: Math.max(1, Math.round(deviceNowMs + clockOffsetMs)),
  } as ReceptionMutation;
}

/** One mutation applied to a guest as the desk shows it until the server answers (optimistic). */
export function applyMutation(
  guest: ReceptionGuest,
  mutation: ReceptionMutation,
  byName: string,
): ReceptionGuest {
  if (mutation.guest_id !== guest._id.$id) return guest;
  if (mutation.kind === 'guest') return { ...guest, [mutation.field]: mutation.value };
  const phases = guest.phases.map((phase) => {
    if (phase.phase_id.$id !== mutation.phase_id) return phase;
    if (mutation.kind === 'status') {
      return {
        ...phase,
        status: mutation.status,
        status_at: Math.floor(mutation.client_at / 1000),
        status_by_name: byName,
      };
    }
    return { ...phase, answers: { ...phase.answers, [mutation.key]: mutation.value } };
  });
  return { ...guest, phases };
}

/** The list as the desk shows it: the server's guests with the pending writes applied in order. */
export function viewGuests(
  base: readonly ReceptionGuest[],
  pending: readonly ReceptionMutation[],
  byName: string,
): ReceptionGuest[] {
  if (pending.length === 0) return [...base];
  const touched = new Set(pending.map((mutation) => mutation.guest_id));
  return base.map((guest) =>
    touched.has(guest._id.$id)
      ? pending.reduce((current, mutation) => applyMutation(current, mutation, byName), guest)
      : guest,
  );
}

/**
 * Merges guests the server sent (changes poll, sync answers) into the cached base: a guest replaces
 * the cached one unless the cache already holds a later version; new guests are added in name order.
 */
export function mergeGuests(
  base: readonly ReceptionGuest[],
  incoming: readonly ReceptionGuest[],
): ReceptionGuest[] {
  if (incoming.length === 0) return [...base];
  const byId = new Map(base.map((guest) => [guest._id.$id, guest]));
  let added = false;
  for (const guest of incoming) {
    const cached = byId.get(guest._id.$id);
    if (!cached) added = true;
    if (!cached || guest.version >= cached.version) byId.set(guest._id.$id, guest);
  }
  const merged = base.map((guest) => byId.get(guest._id.$id) ?? guest);
  if (!added) return merged;
  const known = new Set(base.map((guest) => guest._id.$id));
  const fresh = incoming
    .filter((guest) => !known.has(guest._id.$id))
    .map((guest) => byId.get(guest._id.$id) ?? guest);
  return [...merged, ...fresh].sort((a, b) => a.name.localeCompare(b.name));
}

/** The cached base without the guests the console deleted (GET /reception/changes `deleted`, 24-hex ids). */
export function dropGuests(base: readonly ReceptionGuest[], deleted: readonly string[]): ReceptionGuest[] {
  if (deleted.length === 0) return [...base];
  const gone = new Set(deleted);
  return base.filter((guest) => !gone.has(guest._id.$id));
}

/**
 * Settles a sync answer: the answered mutations leave the queue, the guests they carry merge into the
 * base, and each stale or rejected one becomes a note (§4: a stale write is kept in history and shown,
 * not silently lost). Mutations without an answer stay queued.
 */
export function settleSync(
  state: { base: readonly ReceptionGuest[]; pending: readonly ReceptionMutation[] },
  results: readonly ReceptionMutationResult[],
  nowMs: number,
): { base: ReceptionGuest[]; pending: ReceptionMutation[]; notes: DeskNote[] } {
  const answered = new Map(results.map((result) => [result.mutation_id, result]));
  const guests = results.flatMap((result) => (result.guest ? [result.guest] : []));
  const base = mergeGuests(state.base, guests);
  const names = new Map(base.map((guest) => [guest._id.$id, guest.name]));
  const notes: DeskNote[] = [];
  const pending: ReceptionMutation[] = [];
  for (const mutation of state.pending) {
    const result = answered.get(mutation.mutation_id);
    if (!result) {
      pending.push(mutation);
      continue;
    }
    if (result.outcome === 'applied') continue;
    notes.push({
      mutation_id: mutation.mutation_id,
      guest_id: mutation.guest_id,
      guest_name: names.get(mutation.guest_id) ?? '',
      kind: mutation.kind,
      outcome: result.outcome,
      code: result.code ?? '',
      at: nowMs,
    });
  }
  return { base, pending, notes };
}

/** Guests whose name, title, phone, e-mail or code contains the keyword (case and width folded). */
export function searchGuests(guests: readonly ReceptionGuest[], keyword: string): ReceptionGuest[] {
  const needle = fold(keyword);
  if (!needle) return [...guests];
  const digits = needle.replace(/[^0-9]/g, '');
  return guests.filter((guest) => {
    if (
      [guest.name, guest.title, guest.email ?? '', guest.code].some((text) => fold(text).includes(needle))
    ) {
      return true;
    }
    return digits.length >= 3 && (guest.phone ?? '').replace(/[^0-9]/g, '').includes(digits);
  });
}

/** Guests at a phase, optionally only those with a status there (0 not received, 1 received, §4). */
export function guestsAtPhase(
  guests: readonly ReceptionGuest[],
  phaseId: string,
  status?: 0 | 1 | undefined,
): ReceptionGuest[] {
  return guests.filter((guest) =>
    guest.phases.some(
      (phase) => phase.phase_id.$id === phaseId && (status === undefined || phase.status === status),
    ),
  );
}

/** How many guests of a phase are received and in all. */
export function phaseCounts(
  guests: readonly ReceptionGuest[],
  phaseId: string,
): { received: number; total: number } {
  let received = 0;
  let total = 0;
  for (const guest of guests) {
    const phase = guest.phases.find((item) => item.phase_id.$id === phaseId);
    if (!phase) continue;
    total += 1;
    if (phase.status === 1) received += 1;
  }
  return { received, total };
}

const fold = (text: string): string => text.normalize('NFKC').toLowerCase().trim();
