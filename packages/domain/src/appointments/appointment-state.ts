/**
 * Appointment state machine (§4 Appointment): one pure function deciding what an
 * action does to a meeting request, used by the server before it writes and by the client to show
 * only the buttons that can work.
 *
 * Statuses (stored): 0 applying (pending), 1 accepted (a schedule exists for both sides), 2 ignored
 * (the exhibitor declined), 3 retracted (the requester withdrew it before an answer), 4 cancelled
 * (either side called off an accepted one). "Full" is not a status: an accept or a booking that
 * finds the slot taken is refused with `full`.
 */

export type AppointmentStatus = 0 | 1 | 2 | 3 | 4;

/** Shown state names (§4): applying, accepted, ignored, retracted, cancelled. */
export const appointmentStateNames = {
  0: 'applying',
  1: 'accepted',
  2: 'ignored',
  3: 'retracted',
  4: 'cancelled',
} as const satisfies Record<AppointmentStatus, string>;
export type AppointmentStateName = (typeof appointmentStateNames)[AppointmentStatus];

/** §7 actions: POST /appointments/{id}/accept | ignore | cancel, DELETE /appointments/{id}. */
export type AppointmentAction = 'accept' | 'ignore' | 'cancel' | 'delete';

/** Who acts: the visitor who asked, or the exhibitor bound to the enterprise asked (§6). */
export type AppointmentRole = 'requester' | 'exhibitor';

/** What the server must do besides storing the new status. */
export type AppointmentEffect =
  /** Create the schedule entries of both sides (accept). */
  | 'create_schedules'
  /** Remove (soft-delete) the schedule entries of both sides (cancel of an accepted one). */
  | 'remove_schedules'
  /** Tell the other side through the mail/SMS outbox (DESIGN §8). */
  | 'notify_other_side'
  /** Hide the appointment from the actor's own lists (delete). */
  | 'hide_for_actor';

export type AppointmentRefusal =
  /** This role may not do this action at all (e.g. a requester accepting). */
  | 'not_allowed'
  /** The action does not apply to the current status (e.g. accepting a cancelled one). */
  | 'wrong_state'
  /** The appointment has ended: it can no longer be accepted, ignored or cancelled. */
  | 'ended'
  /** Accepting would double-book the slot (§8 'already booked'). */
  | 'full';

export type AppointmentDecision =
  | { ok: true; status: AppointmentStatus; effects: AppointmentEffect[] }
  | { ok: false; refusal: AppointmentRefusal };

export type AppointmentTransitionInput = {
  status: AppointmentStatus;
  action: AppointmentAction;
  role: AppointmentRole;
  /** Unix seconds now and the appointment's end (UTC instants). */
  now: number;
  end: number;
  /** Accept only: another accepted appointment of the exhibitor overlaps this one. */
  isSlotTaken?: boolean;
};

const refuse = (refusal: AppointmentRefusal): AppointmentDecision => ({ ok: false, refusal });

/**
 * The outcome of `action` by `role` on an appointment in `status`:
 * - accept (exhibitor): applying → accepted, schedules for both, the requester told; refused `full`
 *   when the slot is taken, `ended` once the end has passed;
 * - ignore (exhibitor): applying → ignored, the requester told;
 * - cancel: the requester's cancel of an applying one retracts it (3); either side's cancel of an
 *   accepted one cancels it (4), removes both schedules and tells the other side; not after the end;
 * - delete: either side hides a finished one (ignored, retracted, cancelled, or any that has ended)
 *   from their own lists; the status stays.
 * Anything else is refused: `not_allowed` for the wrong role, `wrong_state` for the wrong status.
 */
export function appointmentTransition(input: AppointmentTransitionInput): AppointmentDecision {
  const { status, action, role, now, end } = input;
  const hasEnded = now >= end;
  switch (action) {
    case 'accept':
      if (role !== 'exhibitor') return refuse('not_allowed');
      if (status !== 0) return refuse('wrong_state');
      if (hasEnded) return refuse('ended');
      if (input.isSlotTaken) return refuse('full');
      return { ok: true, status: 1, effects: ['create_schedules', 'notify_other_side'] };
    case 'ignore':
      if (role !== 'exhibitor') return refuse('not_allowed');
      if (status !== 0) return refuse('wrong_state');
      if (hasEnded) return refuse('ended');
      return { ok: true, status: 2, effects: ['notify_other_side'] };
    case 'cancel':
      if (status === 0) {
        // An exhibitor declines a request by ignoring it, not by cancelling.
        if (role !== 'requester') return refuse('not_allowed');
        if (hasEnded) return refuse('ended');
        return { ok: true, status: 3, effects: ['notify_other_side'] };
      }
      if (status === 1) {
        if (hasEnded) return refuse('ended');
        return { ok: true, status: 4, effects: ['remove_schedules', 'notify_other_side'] };
      }
      return refuse('wrong_state');
    case 'delete':
      if (status === 2 || status === 3 || status === 4 || hasEnded) {
        return { ok: true, status, effects: ['hide_for_actor'] };
      }
      return refuse('wrong_state');
  }
}

/** Whether an appointment counts as pending (§4: status 0 and an end time in the future). */
export function isAppointmentPending(
  appointment: { status: AppointmentStatus; end: number },
  now: number,
): boolean {
  return appointment.status === 0 && appointment.end > now;
}
