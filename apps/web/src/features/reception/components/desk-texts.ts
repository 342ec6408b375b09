import type { ReceptionPhase } from '@app/contracts';
import { type Language, localize } from '@app/domain';
import { wallClock } from '../../../lib/device-time.ts';

/** A phase's title in the reader's language. */
export function phaseTitle(phase: Pick<ReceptionPhase, 'title'>, language: Language): string {
  return localize(phase.title, language);
}

/** `YYYY-MM-DD HH:mm` of a unix-seconds instant in the meeting's zone, '' for 0 (never). */
export function deskTime(at: number, timeZone: string): string {
  return at > 0 ? wallClock(at, timeZone || 'UTC') : '';
}

/** The catalogue key of a write the server refused or overwrote (§4, §8 codes). */
export function noteKey(
  outcome: 'stale' | 'rejected',
  code: string,
):
  | 'sync.stale'
  | 'sync.rejected'
  | 'errors.guestNotFound'
  | 'errors.phaseNotAssigned'
  | 'errors.answerInvalid'
  | 'errors.noPermission' {
  if (outcome === 'stale') return 'sync.stale';
  if (code === 'reception.guest_not_found') return 'errors.guestNotFound';
  if (code === 'reception.phase_not_assigned') return 'errors.phaseNotAssigned';
  if (code === 'reception.answer_invalid') return 'errors.answerInvalid';
  if (code === 'reception.receptionist_not_found' || code === 'no_permission') return 'errors.noPermission';
  return 'sync.rejected';
}

/** Whether the receptionist may toggle at a phase (§3: a phase of sub-role 1 or 2 is theirs only; owners and organisers work all). */
export function canWorkPhase(
  phase: Pick<ReceptionPhase, 'staff_role'>,
  me: { role: string; reception_role: '1' | '2' | null } | null,
): boolean {
  if (!me) return false;
  return phase.staff_role === null || me.role !== 'reception' || me.reception_role === phase.staff_role;
}
