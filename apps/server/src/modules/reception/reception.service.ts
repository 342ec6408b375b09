import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type ReceptionFormField,
  type ReceptionGuest,
  type ReceptionGuestListQuery,
  type ReceptionGuestSelf,
  type ReceptionHistoryItem,
  type Receptionist,
  type ReceptionMutation,
  type ReceptionMutationResult,
  type ReceptionPhase,
  receptionLimits,
  textLimits,
  toWireId,
} from '@app/contracts';
import { base32crockford } from '@scure/base';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, noPermission } from '../../errors.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { can } from '../roles/roles.permissions.ts';
import { type MeetingAccessOf, meetingAccess } from '../roles/roles.service.ts';
import { answerInvalid, guestNotFound, phaseNotAssigned, receptionistNotFound } from './reception.errors.ts';
import {
  countAssignedGuests,
  findGuest,
  findGuestByCode,
  findGuestEvenDeleted,
  findGuestHistory,
  findGuestPage,
  findGuestPhases,
  findGuestsByIds,
  findGuestsOfPerson,
  findHistoryOfMutation,
  findHistorySince,
  findPhase,
  findPhaseRows,
  findPhases,
  findUserContact,
  findUserNames,
  insertHistory,
  lastAppliedMutationId,
  lockGuest,
  lockGuestPhase,
  lockReceptionHistory,
  maxHistoryId,
  type ReceptionGuestRow,
  type ReceptionPhaseRow,
  updateGuest,
  updateGuestPhase,
} from './reception.repository.ts';
import { toWireGuest, toWireGuestSelf, toWireHistory, toWirePhase } from './reception.serializer.ts';

/** What the desk's use cases read: the database and the configuration (roles, rate limits). */
export type ReceptionDeps = { db: Database; config: Config };

/** The caller as a receptionist of one meeting (§6). */
export type Desk = {
  userId: string;
  meetingId: string;
  access: MeetingAccessOf;
  /** Owners, organisers and platform administrators work every phase whatever its staff_role. */
  worksAllPhases: boolean;
};

/** A new guest code (§6 guests on the list by code): 8 Crockford base32 characters (40 random bits). */
export function newGuestCode(): string {
  return base32crockford.encode(randomBytes(5));
}

/** The stored forms a typed code may match: as typed, upper-cased, and with Crockford's aliases folded. */
export function guestCodeCandidates(input: string): string[] {
  const typed = input.trim();
  const upper = typed.toUpperCase();
  const folded = upper
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return [...new Set([typed, upper, folded])];
}

/**
 * The caller as a receptionist of the meeting: 'reception.desk' (a reception grant by phone, owner,
 * organiser, or platform administrator; §6).
 * @throws 403 reception.receptionist_not_found 'receptionist not found' (§8) otherwise.
 */
export async function requireReceptionist(
  deps: ReceptionDeps,
  input: { userId: string; meetingId: string },
): Promise<Desk> {
  const access = await meetingAccess(deps, input.userId, input.meetingId);
  if (!can(access, 'reception.desk')) throw receptionistNotFound();
  return {
    userId: input.userId,
    meetingId: input.meetingId,
    access,
    worksAllPhases: access.isAdmin || access.roles.includes('owner') || access.roles.includes('organiser'),
  };
}

/** Whether the receptionist may write at a phase: staff_role '1' / '2' only for that sub-role (§3). */
export function mayWorkPhase(desk: Desk, phase: Pick<ReceptionPhaseRow, 'staffRole'>): boolean {
  if (!phase.staffRole || desk.worksAllPhases) return true;
  return desk.access.receptionRoles.includes(phase.staffRole);
}

/**
 * The guest of `guestId` and the caller as its meeting's receptionist. Staff is checked before the
 * guest's existence is told, so ids cannot be probed: an id no meeting holds answers 404 (§8 guest
 * not found) only to a receptionist of the session's meeting (`sessionMeetingId`, the meeting the
 * desk was opened in), 403 to everyone else; a guest of a meeting where the caller is not desk
 * staff answers 403 (§8 receptionist not found); a receptionist of the guest's meeting hears 404
 * when the guest was deleted.
 * @throws 403 reception.receptionist_not_found; 404 reception.guest_not_found.
 */
async function guestForDesk(
  deps: ReceptionDeps,
  input: { userId: string; guestId: string; sessionMeetingId?: string | null | undefined },
): Promise<{ guest: ReceptionGuestRow; desk: Desk }> {
  const any = await findGuestEvenDeleted(deps.db, input.guestId);
  if (!any) {
    if (!input.sessionMeetingId) throw receptionistNotFound();
    await requireReceptionist(deps, { userId: input.userId, meetingId: input.sessionMeetingId });
    throw guestNotFound();
  }
  const desk = await requireReceptionist(deps, { userId: input.userId, meetingId: any.meetingId });
  if (any.deleted !== 0) throw guestNotFound();
  return { guest: any, desk };
}

/** Guests in wire form with their phases (meeting phase order) and their receptionists' names. */
async function wireGuests(
  db: Database,
  meetingId: string,
  rows: ReceptionGuestRow[],
  phaseRows?: ReceptionPhaseRow[],
): Promise<ReceptionGuest[]> {
  if (rows.length === 0) return [];
  const [phases, guestPhases, staffNames] = await Promise.all([
    phaseRows ?? findPhaseRows(db, meetingId),
    findGuestPhases(
      db,
      meetingId,
      rows.map((row) => row.id),
    ),
    findUserNames(
      db,
      rows.flatMap((row) => (row.staffUserId ? [row.staffUserId] : [])),
    ),
  ]);
  const order = new Map(phases.map((phase, index) => [phase.id, index]));
  const byGuest = new Map<string, typeof guestPhases>();
  for (const phase of guestPhases) {
    const list = byGuest.get(phase.guestId) ?? [];
    list.push(phase);
    byGuest.set(phase.guestId, list);
  }
  return rows.map((row) =>
    toWireGuest(
      row,
      byGuest.get(row.id) ?? [],
      order,
      row.staffUserId ? (staffNames.get(row.staffUserId) ?? '') : '',
    ),
  );
}

/**
 * GET /reception/staff/me (§2 /staff, §6): the caller as a receptionist — role, sub-role and its
 * label (the meeting's exhibition.reception_staff_role_1 / _2, '' unnamed), guests assigned.
 * Platform administrators without a grant answer as 'owner'.
 * @throws 403 reception.receptionist_not_found.
 */
export async function getReceptionistOf(
  deps: ReceptionDeps,
  input: { userId: string; meetingId: string },
): Promise<Receptionist> {
  const desk = await requireReceptionist(deps, input);
  const [meeting, names, assigned] = await Promise.all([
    findLiveMeetingById(deps.db, input.meetingId),
    findUserNames(deps.db, [input.userId]),
    countAssignedGuests(deps.db, input.meetingId, input.userId),
  ]);
  const roles = desk.access.roles;
  const role = roles.includes('owner')
    ? 'owner'
    : roles.includes('organiser')
      ? 'organiser'
      : roles.includes('reception')
        ? 'reception'
        : 'owner';
  const sub = [...desk.access.receptionRoles].sort()[0];
  const receptionRole = sub === '1' || sub === '2' ? sub : null;
  const labels = meeting?.exhibition ?? {};
  return {
    user_id: toWireId(input.userId),
    name: names.get(input.userId) ?? '',
    role,
    reception_role: receptionRole,
    reception_role_label:
      receptionRole === '1'
        ? (labels.reception_staff_role_1 ?? '')
        : receptionRole === '2'
          ? (labels.reception_staff_role_2 ?? '')
          : '',
    assigned_total: assigned,
  };
}

/**
 * GET /reception/phases: the meeting's phases in order with forms and counts (§3 Reception guest).
 * @throws 403 reception.receptionist_not_found.
 */
export async function listPhasesOf(
  deps: ReceptionDeps,
  input: { userId: string; meetingId: string },
): Promise<{ results: ReceptionPhase[] }> {
  await requireReceptionist(deps, input);
  const phases = await findPhases(deps.db, input.meetingId);
  return { results: phases.map(toWirePhase) };
}

/** Most guests a page holds unless the whole list is asked for (all=1, the offline cache). */
const pageLimit = 200;

/**
 * GET /reception/guests (§2 /guest/list, /staff, /phases/{phase_id}): guests by name with their phases;
 * keyword over name, title, phone, e-mail and code (trigram index); `phase_id` (+ `status`), `mine=1`
 * (assigned to the caller), `all=1` (whole list up to 20,000 for the offline cache; keyword ignored,
 * otherwise at most 200 a page). `cursor` is the newest history id, read before the guests so no
 * change between the two is missed by GET /reception/changes.
 * @throws 403 reception.receptionist_not_found.
 */
export async function listGuestsOf(
  deps: ReceptionDeps,
  input: { userId: string; query: z.infer<typeof ReceptionGuestListQuery> },
): Promise<{ results: ReceptionGuest[]; total: number; cursor: number }> {
  const { query } = input;
  const desk = await requireReceptionist(deps, { userId: input.userId, meetingId: query.meeting_id });
  const cursor = await maxHistoryId(deps.db, desk.meetingId);
  const whole = query.all === '1';
  const page = await findGuestPage(deps.db, {
    meetingId: desk.meetingId,
    keyword: whole ? undefined : query.keyword || undefined,
    phaseId: query.phase_id,
    status: query.phase_id && query.status ? (Number(query.status) as 0 | 1) : undefined,
    staffUserId: query.mine === '1' ? desk.userId : undefined,
    limit: whole ? query.limit : Math.min(query.limit, pageLimit),
    skip: query.skip,
  });
  return { results: await wireGuests(deps.db, desk.meetingId, page.rows), total: page.total, cursor };
}

/**
 * GET /reception/guests/:id (§2 /guest/{guestId}): one guest with phases.
 * @throws 404 reception.guest_not_found; 403 reception.receptionist_not_found.
 */
export async function getGuestOf(
  deps: ReceptionDeps,
  input: { userId: string; guestId: string; sessionMeetingId?: string | null | undefined },
): Promise<ReceptionGuest> {
  const { guest, desk } = await guestForDesk(deps, input);
  const [wire] = await wireGuests(deps.db, desk.meetingId, [guest]);
  if (!wire) throw guestNotFound();
  return wire;
}

/** Most history rows one guest page shows. */
const historyLimit = 200;

/**
 * GET /reception/guests/:id/history (§4): the guest's writes newest first, applied and stale.
 * @throws 404 reception.guest_not_found; 403 reception.receptionist_not_found.
 */
export async function getGuestHistoryOf(
  deps: ReceptionDeps,
  input: { userId: string; guestId: string; sessionMeetingId?: string | null | undefined },
): Promise<{ results: ReceptionHistoryItem[] }> {
  const { guest } = await guestForDesk(deps, input);
  const rows = await findGuestHistory(deps.db, guest.id, historyLimit);
  return { results: rows.map(toWireHistory) };
}

/** A desk write as the service applies it (the answer of a form save carries its own mutation id). */
type DeskWrite =
  | { kind: 'status'; mutationId: string; guestId: string; phaseId: string; status: 0 | 1; clientAt: number }
  | {
      kind: 'answer';
      mutationId: string;
      guestId: string;
      phaseId: string;
      key: string;
      value: string;
      clientAt: number;
    }
  | {
      kind: 'guest';
      mutationId: string;
      guestId: string;
      field: 'name' | 'title' | 'description' | 'note' | 'photo';
      value: string;
      clientAt: number;
    };

type WriteOutcome = { outcome: 'applied' | 'stale'; guestId: string };

/** Thrown inside a write's transaction when its mutation id was recorded meanwhile (a concurrent replay). */
class ReplayedMeanwhile extends Error {}

/**
 * The corrected client time of a write in ms (§4 LWW): a time more than maxClockLeadMs ahead of the
 * server is not believed and becomes the server's now.
 */
export function effectiveClientAt(clientAt: number, now: number): number {
  return clientAt > now + receptionLimits.maxClockLeadMs ? now : clientAt;
}

/**
 * Last writer wins (§4): a write holds iff its time is later than the field's stored time (never set
 * counts as older); equal times go to the larger mutation id.
 */
async function laterThanStored(
  clientAt: number,
  mutationId: string,
  storedAt: number | null,
  storedMutationId: () => Promise<string>,
): Promise<boolean> {
  if (storedAt === null || Number.isNaN(storedAt)) return true;
  if (clientAt !== storedAt) return clientAt > storedAt;
  return mutationId > (await storedMutationId());
}

/** §5-style check of one form answer against its field. @throws 400 reception.answer_invalid. */
function checkAnswer(form: ReceptionFormField[], key: string, value: string): void {
  const field = form.find((item) => item.key === key);
  if (!field) throw answerInvalid(key, 'The form has no such field');
  if (field.required === 1 && value.trim() === '') throw answerInvalid(key, 'This is a required field');
  if (value.length > receptionLimits.maxAnswer) throw answerInvalid(key, 'This answer is too long');
  if (value === '') return;
  if (field.type === 'number' && !Number.isFinite(Number(value))) throw answerInvalid(key, 'Enter a number');
  if (field.type === 'checkbox' && value !== '0' && value !== '1') throw answerInvalid(key, 'Enter 0 or 1');
  if (field.type === 'select') {
    const index = Number(value);
    if (!Number.isInteger(index) || index < 0 || index >= field.options.length)
      throw answerInvalid(key, 'Choose one of the options');
  }
}

/** A guest photo a desk may set: '' or one of our uploads / an https URL. @throws 400 validation_failed. */
function checkPhoto(value: string): void {
  if (value === '' || value.startsWith('/api/files/image/') || /^https:\/\/[^\s]+$/i.test(value)) return;
  throw new AppError(400, ErrorCode.validation, 'The photo must be an uploaded image', [
    { path: 'body/value', message: 'The photo must be an uploaded image' },
  ]);
}

/** Most characters a desk may store in each guest field: the console's limits (§3 a guest has a name). */
const guestFieldMax = {
  name: textLimits.name,
  title: textLimits.title,
  description: textLimits.description,
  note: textLimits.answer,
  photo: textLimits.answer,
} as const;

/**
 * A desk write of a guest field (§3): the name may not be blank, no field longer than the console
 * allows, a photo one of ours or https. @throws 400 validation_failed (path body/value).
 */
function checkGuestField(field: keyof typeof guestFieldMax, value: string): void {
  const refuse = (message: string) =>
    new AppError(400, ErrorCode.validation, message, [{ path: 'body/value', message }]);
  if (field === 'name' && value.trim() === '') throw refuse('The guest needs a name');
  if (value.length > guestFieldMax[field]) throw refuse(`At most ${guestFieldMax[field]} characters`);
  if (field === 'photo') checkPhoto(value);
}

/**
 * Applies one desk write (§4): checks the guest, phase and sub-role, then in one transaction locks the
 * guest's phase row (status, answers) or the guest row (guest fields), compares with the field's time
 * (LWW), writes it when it wins (version +1) and records it in the history as applied or stale. A
 * mutation id seen before answers its first outcome and writes nothing.
 * @throws 404 reception.guest_not_found; 409 reception.phase_not_assigned; 403 no_permission (phase of
 * another sub-role); 400 reception.answer_invalid / validation_failed (blank name, too long, bad photo).
 */
async function applyWrite(
  deps: ReceptionDeps,
  desk: Desk,
  write: DeskWrite,
  deviceId: string,
  seen: BatchLookups = newBatchLookups(),
): Promise<WriteOutcome> {
  const { db } = deps;
  const prior = await findHistoryOfMutation(db, desk.meetingId, write.mutationId);
  if (prior) return { outcome: prior.outcome === 'stale' ? 'stale' : 'applied', guestId: prior.guestId };
  const guest = await lookup(seen.guests, write.guestId, () => findGuest(db, write.guestId));
  if (!guest || guest.meetingId !== desk.meetingId) throw guestNotFound();
  let phase: ReceptionPhaseRow | undefined;
  if (write.kind !== 'guest') {
    const { phaseId } = write;
    phase = await lookup(seen.phases, phaseId, () => findPhase(db, desk.meetingId, phaseId));
    if (!phase) throw phaseNotAssigned();
    if (!mayWorkPhase(desk, phase)) throw noPermission();
    if (write.kind === 'answer') checkAnswer(phase.form, write.key, write.value);
  } else {
    checkGuestField(write.field, write.value);
  }
  const clientAt = effectiveClientAt(write.clientAt, Date.now());
  const history = {
    meetingId: desk.meetingId,
    guestId: guest.id,
    userId: desk.userId,
    deviceId,
    mutationId: write.mutationId,
    clientAt: new Date(clientAt),
  };
  try {
    return await inTransaction(db, async (tx) => {
      // Before any row lock: history ids in commit order for the change feed (§4, lockReceptionHistory).
      await lockReceptionHistory(tx, desk.meetingId);
      const record = async (row: {
        phaseId: string | null;
        field: string;
        value: unknown;
        previous: unknown;
        outcome: 'applied' | 'stale';
      }) => {
        // Another request of the same mutation may have committed while this one waited for the lock.
        if (await findHistoryOfMutation(tx, desk.meetingId, write.mutationId)) throw new ReplayedMeanwhile();
        await insertHistory(tx, { ...history, ...row });
        return { outcome: row.outcome, guestId: guest.id };
      };
      if (write.kind === 'guest') {
        const locked = await lockGuest(tx, guest.id);
        if (!locked) throw guestNotFound();
        const storedAt = locked.fieldTimes[write.field];
        const wins = await laterThanStored(
          clientAt,
          write.mutationId,
          storedAt ? Date.parse(storedAt) : null,
          () => lastAppliedMutationId(tx, { guestId: guest.id, phaseId: null, field: write.field }),
        );
        const previous = locked[write.field];
        if (wins)
          await updateGuest(tx, guest.id, {
            [write.field]: write.value,
            fieldTimes: { ...locked.fieldTimes, [write.field]: new Date(clientAt).toISOString() },
          });
        return record({
          phaseId: null,
          field: write.field,
          value: write.value,
          previous,
          outcome: wins ? 'applied' : 'stale',
        });
      }
      const state = await lockGuestPhase(tx, guest.id, write.phaseId);
      if (!state) throw phaseNotAssigned();
      if (write.kind === 'status') {
        const wins = await laterThanStored(
          clientAt,
          write.mutationId,
          state.statusAt ? state.statusAt.getTime() : null,
          () => lastAppliedMutationId(tx, { guestId: guest.id, phaseId: write.phaseId, field: 'status' }),
        );
        if (wins) {
          await updateGuestPhase(tx, guest.id, write.phaseId, {
            status: write.status,
            statusAt: new Date(clientAt),
            statusBy: desk.userId,
          });
          await updateGuest(tx, guest.id, {});
        }
        return record({
          phaseId: write.phaseId,
          field: 'status',
          value: write.status,
          previous: state.status,
          outcome: wins ? 'applied' : 'stale',
        });
      }
      const field = `answer:${write.key}`;
      const storedAt = state.answerTimes[write.key];
      const wins = await laterThanStored(
        clientAt,
        write.mutationId,
        storedAt ? Date.parse(storedAt) : null,
        () => lastAppliedMutationId(tx, { guestId: guest.id, phaseId: write.phaseId, field }),
      );
      const previous = state.answers[write.key] ?? null;
      if (wins) {
        await updateGuestPhase(tx, guest.id, write.phaseId, {
          answers: { ...state.answers, [write.key]: write.value },
          answerTimes: { ...state.answerTimes, [write.key]: new Date(clientAt).toISOString() },
        });
        await updateGuest(tx, guest.id, {});
      }
      return record({
        phaseId: write.phaseId,
        field,
        value: write.value,
        previous,
        outcome: wins ? 'applied' : 'stale',
      });
    });
  } catch (error) {
    if (!(error instanceof ReplayedMeanwhile) && !isMutationConflict(error)) throw error;
    const first = await findHistoryOfMutation(db, desk.meetingId, write.mutationId);
    if (!first) throw error;
    return { outcome: first.outcome === 'stale' ? 'stale' : 'applied', guestId: first.guestId };
  }
}

/**
 * Guest and phase rows one sync batch has already read (the checks before a write's transaction; the
 * write itself re-reads its row under lock, so a guest deleted meanwhile is still refused).
 */
type BatchLookups = {
  guests: Map<string, ReceptionGuestRow | undefined>;
  phases: Map<string, ReceptionPhaseRow | undefined>;
};
const newBatchLookups = (): BatchLookups => ({ guests: new Map(), phases: new Map() });

async function lookup<T>(cache: Map<string, T | undefined>, key: string, read: () => Promise<T | undefined>) {
  if (cache.has(key)) return cache.get(key);
  const value = await read();
  cache.set(key, value);
  return value;
}

/** A unique violation of reception_history_mutation_uq (two replays of one mutation at once). */
function isMutationConflict(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'reception_history_mutation_uq'))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The write a wire mutation stands for. */
function writeOf(mutation: ReceptionMutation): DeskWrite {
  switch (mutation.kind) {
    case 'status':
      return {
        kind: 'status',
        mutationId: mutation.mutation_id,
        guestId: mutation.guest_id,
        phaseId: mutation.phase_id,
        status: mutation.status,
        clientAt: mutation.client_at,
      };
    case 'answer':
      return {
        kind: 'answer',
        mutationId: mutation.mutation_id,
        guestId: mutation.guest_id,
        phaseId: mutation.phase_id,
        key: mutation.key,
        value: mutation.value,
        clientAt: mutation.client_at,
      };
    case 'guest':
      return {
        kind: 'guest',
        mutationId: mutation.mutation_id,
        guestId: mutation.guest_id,
        field: mutation.field,
        value: mutation.value,
        clientAt: mutation.client_at,
      };
  }
}

/** The guest as it now stands (wire form). @throws 404 reception.guest_not_found. */
async function currentGuest(db: Database, meetingId: string, guestId: string): Promise<ReceptionGuest> {
  const rows = await findGuestsByIds(db, meetingId, [guestId]);
  const [wire] = await wireGuests(db, meetingId, rows);
  if (!wire) throw guestNotFound();
  return wire;
}

/**
 * PUT /reception/guests/:id/phases/:phase_id (§4 Reception 0/1; the client confirmed): one status
 * write with LWW by `client_at` (ms, corrected device time). Answers `applied` or `stale` (a later
 * write holds; kept in history) and the guest as it stands; a replayed mutation_id its first outcome.
 * @throws 404 reception.guest_not_found; 403 reception.receptionist_not_found / no_permission (phase of
 * the other sub-role); 409 reception.phase_not_assigned.
 */
export async function setGuestStatus(
  deps: ReceptionDeps,
  input: {
    userId: string;
    deviceId: string;
    guestId: string;
    phaseId: string;
    sessionMeetingId?: string | null | undefined;
    body: { status: 0 | 1; mutation_id: string; client_at: number };
  },
): Promise<ReceptionMutationResult> {
  const { desk } = await guestForDesk(deps, input);
  const done = await applyWrite(
    deps,
    desk,
    {
      kind: 'status',
      mutationId: input.body.mutation_id,
      guestId: input.guestId,
      phaseId: input.phaseId,
      status: input.body.status,
      clientAt: input.body.client_at,
    },
    input.deviceId,
  );
  return {
    mutation_id: input.body.mutation_id,
    outcome: done.outcome,
    guest: await currentGuest(deps.db, desk.meetingId, done.guestId),
  };
}

/**
 * PUT /reception/guests/:id/phases/:phase_id/form (§2 /guests/{guest_id}/phases/{phase_id}/form):
 * every answer is checked first (nothing stored when one is invalid), then each is its own LWW write
 * with mutation id `<mutation_id>:<key>` and the same client time. `applied` when any answer now
 * holds, else `stale`.
 * @throws 400 reception.answer_invalid; 404 reception.guest_not_found; 403; 409 phase_not_assigned.
 */
export async function saveGuestPhaseForm(
  deps: ReceptionDeps,
  input: {
    userId: string;
    deviceId: string;
    guestId: string;
    phaseId: string;
    sessionMeetingId?: string | null | undefined;
    body: { answers: Record<string, string>; mutation_id: string; client_at: number };
  },
): Promise<ReceptionMutationResult> {
  const { desk } = await guestForDesk(deps, input);
  const phase = await findPhase(deps.db, desk.meetingId, input.phaseId);
  if (!phase) throw phaseNotAssigned();
  if (!mayWorkPhase(desk, phase)) throw noPermission();
  const entries = Object.entries(input.body.answers);
  if (entries.length > receptionLimits.maxFormFields) throw answerInvalid('', 'Too many answers');
  for (const [key, value] of entries) checkAnswer(phase.form, key, value);
  let applied = false;
  const seen = newBatchLookups();
  seen.phases.set(phase.id, phase);
  for (const [key, value] of entries) {
    const done = await applyWrite(
      deps,
      desk,
      {
        kind: 'answer',
        mutationId: `${input.body.mutation_id}:${key}`,
        guestId: input.guestId,
        phaseId: input.phaseId,
        key,
        value,
        clientAt: input.body.client_at,
      },
      input.deviceId,
      seen,
    );
    applied ||= done.outcome === 'applied';
  }
  return {
    mutation_id: input.body.mutation_id,
    outcome: entries.length === 0 || applied ? 'applied' : 'stale',
    guest: await currentGuest(deps.db, desk.meetingId, input.guestId),
  };
}

/** Writes of a sync batch sharing one transaction (each in its own savepoint). */
const syncChunk = 50;

/** A deadlock PostgreSQL broke by aborting this transaction (40P01), anywhere in the cause chain. */
function isDeadlock(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type SyncOutcome = {
  mutationId: string;
  outcome: 'applied' | 'stale' | 'rejected';
  code?: string;
  guestId?: string;
};

/** Applies writes in order with `db` (a transaction or the pool); refusals become `rejected`. */
async function applyAll(
  deps: ReceptionDeps,
  desk: Desk,
  mutations: ReceptionMutation[],
  deviceId: string,
  seen: BatchLookups,
): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  for (const mutation of mutations) {
    try {
      const done = await applyWrite(deps, desk, writeOf(mutation), deviceId, seen);
      outcomes.push({ mutationId: mutation.mutation_id, outcome: done.outcome, guestId: done.guestId });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({
        mutationId: mutation.mutation_id,
        outcome: 'rejected',
        code: String(error.code),
        ...(error.status === 404 ? {} : { guestId: mutation.guest_id }),
      });
    }
  }
  return outcomes;
}

/**
 * POST /reception/sync (§4, offline replay): the queue's writes in order, each its own LWW write in
 * its own savepoint (one bad write never undoes the others), 50 to a transaction so a long queue does
 * not pay one commit per tap; should two queues deadlock on the same guests, that chunk is rolled back
 * and redone one transaction per write. Outcomes: `applied`, `stale` (kept in history) or `rejected`
 * with the error code (unknown guest, phase not assigned, other sub-role, invalid answer). A mutation
 * id seen before answers its first outcome. Each result carries its guest as it stands after the
 * whole batch; `cursor` is the newest history id afterwards.
 * @throws 403 reception.receptionist_not_found.
 */
export async function syncMutations(
  deps: ReceptionDeps,
  input: { userId: string; deviceId: string; meetingId: string; mutations: ReceptionMutation[] },
): Promise<{ results: ReceptionMutationResult[]; cursor: number }> {
  const desk = await requireReceptionist(deps, input);
  const outcomes: SyncOutcome[] = [];
  for (let start = 0; start < input.mutations.length; start += syncChunk) {
    const chunk = input.mutations.slice(start, start + syncChunk);
    try {
      outcomes.push(
        ...(await inTransaction(deps.db, async (tx) => {
          // The whole chunk holds the meeting's history lock from its start, before any row lock.
          await lockReceptionHistory(tx, desk.meetingId);
          return applyAll({ ...deps, db: tx }, desk, chunk, input.deviceId, newBatchLookups());
        })),
      );
    } catch (error) {
      if (!isDeadlock(error)) throw error;
      outcomes.push(...(await applyAll(deps, desk, chunk, input.deviceId, newBatchLookups())));
    }
  }
  const guestIds = [...new Set(outcomes.flatMap((item) => (item.guestId ? [item.guestId] : [])))];
  const rows = await findGuestsByIds(deps.db, desk.meetingId, guestIds);
  const guests = new Map(
    (await wireGuests(deps.db, desk.meetingId, rows)).map((guest) => [guest._id.$id, guest]),
  );
  const cursor = await maxHistoryId(deps.db, desk.meetingId);
  return {
    results: outcomes.map((item) => {
      const guest = item.guestId ? guests.get(item.guestId) : undefined;
      return {
        mutation_id: item.mutationId,
        outcome: item.outcome,
        ...(item.code ? { code: item.code } : {}),
        ...(guest ? { guest } : {}),
      };
    }),
    cursor,
  };
}

/**
 * GET /reception/changes?since= (§4: a second receptionist sees it at once): the guests written after
 * history id `since` (at most maxChanges history rows are read; call again with the new cursor while
 * it moves), as they now stand; `deleted` the ids (24 hex) of those guests the console has deleted
 * since, which the desk drops from its cache; and the cursor (the last history id read; `since` when
 * none). History writers of a meeting are serialised (lockReceptionHistory), so ids follow commit
 * order and `id > since` skips nothing.
 * @throws 403 reception.receptionist_not_found.
 */
export async function listChangesOf(
  deps: ReceptionDeps,
  input: { userId: string; meetingId: string; since: number },
): Promise<{ results: ReceptionGuest[]; deleted: string[]; cursor: number }> {
  const desk = await requireReceptionist(deps, input);
  const rows = await findHistorySince(deps.db, desk.meetingId, input.since, receptionLimits.maxChanges);
  const last = rows.at(-1);
  if (!last) return { results: [], deleted: [], cursor: input.since };
  const guestIds = [...new Set(rows.map((row) => row.guestId))];
  const guests = await findGuestsByIds(deps.db, desk.meetingId, guestIds);
  const live = new Set(guests.map((guest) => guest.id));
  return {
    results: await wireGuests(deps.db, desk.meetingId, guests),
    deleted: guestIds.filter((id) => !live.has(id)),
    cursor: last.id,
  };
}

/**
 * Code lookups of GET /reception/query: the code is a secret, so tries are counted per user and per
 * device (§8 'Do not operate frequently!' with Retry-After beyond).
 */
export const guestQueryLimits = {
  user: { name: 'reception.query.user', points: 20, durationSeconds: 10 * 60 },
  device: { name: 'reception.query.device', points: 30, durationSeconds: 10 * 60 },
} satisfies Record<string, LimitRule>;

/**
 * GET /reception/query (§2 /query/guest, /query/guest/results; §6 a guest is on the list by phone,
 * e-mail or code): with `code`, the meeting's guest holding it (rate-limited per user and device);
 * without, the guests linked to the caller's account or holding its phone or e-mail. Each with its
 * phases (titles, forms, answers, status) and the assigned receptionist's name; the receptionist's
 * phone (their account phone) only when the guest was matched through the caller's own account, never
 * on a typed code (whoever learns a code does not get a staff member's personal number).
 * @throws 404 reception.guest_not_found 'guest not found' (§8); 429 too_frequent.
 */
export async function queryOwnGuest(
  deps: ReceptionDeps,
  input: { userId: string; deviceId: string; meetingId: string; code?: string | undefined },
): Promise<{ results: ReceptionGuestSelf[] }> {
  const { db } = deps;
  let guests: ReceptionGuestRow[];
  if (input.code) {
    await rateLimitsFor(deps.config).consumeAll([
      { rule: guestQueryLimits.user, key: input.userId },
      ...(input.deviceId ? [{ rule: guestQueryLimits.device, key: input.deviceId }] : []),
    ]);
    guests = [];
    for (const candidate of guestCodeCandidates(input.code)) {
      const found = await findGuestByCode(db, input.meetingId, candidate);
      if (found) {
        guests = [found];
        break;
      }
    }
  } else {
    const contact = await findUserContact(db, input.userId);
    guests = contact
      ? await findGuestsOfPerson(db, input.meetingId, {
          userId: input.userId,
          phone: contact.phone,
          email: contact.email,
        })
      : [];
  }
  if (guests.length === 0) throw guestNotFound();
  const staffIds = [...new Set(guests.flatMap((guest) => (guest.staffUserId ? [guest.staffUserId] : [])))];
  const [phases, guestPhases, staff] = await Promise.all([
    findPhaseRows(db, input.meetingId),
    findGuestPhases(
      db,
      input.meetingId,
      guests.map((guest) => guest.id),
    ),
    Promise.all(staffIds.map(async (id) => [id, await findUserContact(db, id)] as const)),
  ]);
  const staffById = new Map(staff);
  return {
    results: guests.map((guest) => {
      const person = guest.staffUserId ? staffById.get(guest.staffUserId) : undefined;
      return toWireGuestSelf(
        guest,
        phases,
        guestPhases.filter((phase) => phase.guestId === guest.id),
        person ? { name: person.username, phone: input.code ? null : person.phone } : null,
      );
    }),
  };
}
