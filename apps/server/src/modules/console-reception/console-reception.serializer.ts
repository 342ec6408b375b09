import { type ReceptionGuest, type ReceptionPhase, toWireId } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import {
  findGuestPhases,
  findPhases,
  type GuestRow,
  namesOfUsers,
  type PhaseRow,
  phaseCounts,
} from './console-reception.repository.ts';

/**
 * Guests and phases as the console's wire shapes (ReceptionGuest / ReceptionPhase of the reception
 * contracts, §3 Guest, Reception guest). Phases listed are the meeting's live ones, in order.
 */

/** A phase row with its counts. */
export function toPhase(row: PhaseRow, counts?: { guests: number; received: number }): ReceptionPhase {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    title: row.title,
    description: row.description,
    position: row.position,
    staff_role: row.staffRole === '1' || row.staffRole === '2' ? row.staffRole : null,
    form: row.form,
    guest_total: counts?.guests ?? 0,
    received_total: counts?.received ?? 0,
  };
}

/** The meeting's phases in order with their counts. */
export async function phasesOf(db: Database, meetingId: string): Promise<ReceptionPhase[]> {
  const [rows, counts] = await Promise.all([findPhases(db, meetingId), phaseCounts(db, meetingId)]);
  return rows.map((row) => toPhase(row, counts.get(row.id)));
}

/** Guests with their phases (in phase order, live phases only), receptionist and status setters' names. */
export async function guestsOf(db: Database, meetingId: string, rows: GuestRow[]): Promise<ReceptionGuest[]> {
  if (rows.length === 0) return [];
  const [phases, links] = await Promise.all([
    findPhases(db, meetingId),
    findGuestPhases(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const order = new Map(phases.map((p, i) => [p.id, i]));
  const names = await namesOfUsers(db, [
    ...rows.flatMap((r) => (r.staffUserId ? [r.staffUserId] : [])),
    ...links.flatMap((l) => (l.statusBy ? [l.statusBy] : [])),
  ]);
  const byGuest = new Map<string, typeof links>();
  for (const link of links) {
    if (!order.has(link.phaseId)) continue;
    const list = byGuest.get(link.guestId) ?? [];
    list.push(link);
    byGuest.set(link.guestId, list);
  }
  return rows.map((row) => ({
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    name: row.name,
    title: row.title,
    description: row.description,
    photo: row.photo,
    phone: row.phone,
    area_code: row.areaCode,
    email: row.email,
    code: row.code,
    note: row.note,
    staff_user_id: wireIdOrNull(row.staffUserId),
    staff_name: row.staffUserId ? (names.get(row.staffUserId) ?? '') : '',
    phases: (byGuest.get(row.id) ?? [])
      .sort((a, b) => (order.get(a.phaseId) ?? 0) - (order.get(b.phaseId) ?? 0))
      .map((link) => ({
        phase_id: toWireId(link.phaseId),
        status: link.status === 1 ? 1 : 0,
        status_at: link.statusAt ? unix(link.statusAt) : 0,
        status_by_name: link.statusBy ? (names.get(link.statusBy) ?? '') : '',
        answers: link.answers,
      })),
    version: row.version,
    updated_at: unix(row.updatedAt),
  }));
}
