import {
  fileUrl,
  type ReceptionGuest,
  type ReceptionGuestPhase,
  type ReceptionGuestSelf,
  type ReceptionHistoryItem,
  type ReceptionPhase,
  toWireId,
} from '@app/contracts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type {
  GuestPhaseWithName,
  PhaseWithCounts,
  ReceptionGuestRow,
  ReceptionHistoryRow,
  ReceptionPhaseRow,
} from './reception.repository.ts';

/**
 * A guest photo as a URL (§3 Guest photo): URLs and paths stay as stored (uploads are kept as
 * `/api/files/image/<key>` like exhibitor logos and avatars); a bare storage key of the image bucket
 * becomes its file URL; '' stays '' (no photo).
 */
export function photoUrlOf(photo: string): string {
  if (photo === '') return '';
  if (/^(https?:)?\/\//i.test(photo) || photo.startsWith('/') || photo.startsWith('data:')) return photo;
  return fileUrl('image', photo);
}

/** A phase in wire form with its counts (§3 Reception guest phase). */
export function toWirePhase(row: PhaseWithCounts): ReceptionPhase {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    title: row.title,
    description: row.description,
    position: row.position,
    staff_role: row.staffRole === '1' || row.staffRole === '2' ? row.staffRole : null,
    form: row.form,
    guest_total: row.guestTotal,
    received_total: row.receivedTotal,
  };
}

/** A guest's state at one phase (§4: status 0/1, when and by whom, the form's answers). */
export function toWireGuestPhase(row: GuestPhaseWithName): ReceptionGuestPhase {
  return {
    phase_id: toWireId(row.phaseId),
    status: flag(row.status),
    status_at: row.statusAt ? unix(row.statusAt) : 0,
    status_by_name: row.statusAt ? row.statusByName : '',
    answers: row.answers,
  };
}

/**
 * A guest for the desk (§3 Guest) with its phases in the meeting's phase order (`phaseOrder`: phase id
 * → position index; rows of deleted phases are left out). `staffName` the assigned receptionist's name.
 */
export function toWireGuest(
  row: ReceptionGuestRow,
  phases: GuestPhaseWithName[],
  phaseOrder: Map<string, number>,
  staffName: string,
): ReceptionGuest {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    name: row.name,
    title: row.title,
    description: row.description,
    photo: photoUrlOf(row.photo),
    phone: row.phone,
    area_code: row.areaCode,
    email: row.email,
    code: row.code,
    note: row.note,
    staff_user_id: wireIdOrNull(row.staffUserId),
    staff_name: staffName,
    phases: phases
      .filter((phase) => phaseOrder.has(phase.phaseId))
      .sort((a, b) => (phaseOrder.get(a.phaseId) ?? 0) - (phaseOrder.get(b.phaseId) ?? 0))
      .map(toWireGuestPhase),
    version: row.version,
    updated_at: unix(row.updatedAt),
  };
}

/** One history row (who changed what, applied or stale). */
export function toWireHistory(row: ReceptionHistoryRow & { userName: string }): ReceptionHistoryItem {
  return {
    id: row.id,
    guest_id: toWireId(row.guestId),
    phase_id: wireIdOrNull(row.phaseId),
    field: row.field,
    value: row.value ?? null,
    previous: row.previous ?? null,
    user_name: row.userName,
    client_at: unix(row.clientAt),
    created_at: unix(row.createdAt),
    outcome: row.outcome === 'stale' ? 'stale' : 'applied',
  };
}

/**
 * A guest as the guest themself sees their arrangements (§2 /query/guest/results): no note, no
 * contact details of others; the assigned receptionist's name and phone to call.
 */
export function toWireGuestSelf(
  row: ReceptionGuestRow,
  phases: ReceptionPhaseRow[],
  guestPhases: GuestPhaseWithName[],
  staff: { name: string; phone: string | null } | null,
): ReceptionGuestSelf {
  const byPhase = new Map(guestPhases.map((phase) => [phase.phaseId, phase]));
  return {
    _id: toWireId(row.id),
    name: row.name,
    title: row.title,
    description: row.description,
    photo: photoUrlOf(row.photo),
    code: row.code,
    phases: phases.flatMap((phase) => {
      const state = byPhase.get(phase.id);
      if (!state) return [];
      return [
        {
          phase_id: toWireId(phase.id),
          title: phase.title,
          description: phase.description,
          status: flag(state.status),
          status_at: state.statusAt ? unix(state.statusAt) : 0,
          form: phase.form,
          answers: state.answers,
        },
      ];
    }),
    staff,
  };
}
