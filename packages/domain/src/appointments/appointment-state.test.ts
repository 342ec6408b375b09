import { describe, expect, it } from 'vitest';
import {
  type AppointmentAction,
  type AppointmentRole,
  type AppointmentStatus,
  appointmentTransition,
  isAppointmentPending,
} from './appointment-state.ts';

const now = 2_000_000_000;
const future = now + 3600;
const past = now - 60;

type Row = [AppointmentStatus, AppointmentAction, AppointmentRole, string];

// Every action from every state by both roles, before the end. Expected: the new status and its
// effects, or the refusal.
const beforeEnd: Row[] = [
  [0, 'accept', 'exhibitor', '1 create_schedules,notify_other_side'],
  [0, 'accept', 'requester', 'not_allowed'],
  [0, 'ignore', 'exhibitor', '2 notify_other_side'],
  [0, 'ignore', 'requester', 'not_allowed'],
  [0, 'cancel', 'requester', '3 notify_other_side'],
  [0, 'cancel', 'exhibitor', 'not_allowed'],
  [0, 'delete', 'requester', 'wrong_state'],
  [0, 'delete', 'exhibitor', 'wrong_state'],
  [1, 'accept', 'exhibitor', 'wrong_state'],
  [1, 'accept', 'requester', 'not_allowed'],
  [1, 'ignore', 'exhibitor', 'wrong_state'],
  [1, 'ignore', 'requester', 'not_allowed'],
  [1, 'cancel', 'requester', '4 remove_schedules,notify_other_side'],
  [1, 'cancel', 'exhibitor', '4 remove_schedules,notify_other_side'],
  [1, 'delete', 'requester', 'wrong_state'],
  [1, 'delete', 'exhibitor', 'wrong_state'],
  [2, 'accept', 'exhibitor', 'wrong_state'],
  [2, 'accept', 'requester', 'not_allowed'],
  [2, 'ignore', 'exhibitor', 'wrong_state'],
  [2, 'ignore', 'requester', 'not_allowed'],
  [2, 'cancel', 'requester', 'wrong_state'],
  [2, 'cancel', 'exhibitor', 'wrong_state'],
  [2, 'delete', 'requester', '2 hide_for_actor'],
  [2, 'delete', 'exhibitor', '2 hide_for_actor'],
  [3, 'accept', 'exhibitor', 'wrong_state'],
  [3, 'accept', 'requester', 'not_allowed'],
  [3, 'ignore', 'exhibitor', 'wrong_state'],
  [3, 'ignore', 'requester', 'not_allowed'],
  [3, 'cancel', 'requester', 'wrong_state'],
  [3, 'cancel', 'exhibitor', 'wrong_state'],
  [3, 'delete', 'requester', '3 hide_for_actor'],
  [3, 'delete', 'exhibitor', '3 hide_for_actor'],
  [4, 'accept', 'exhibitor', 'wrong_state'],
  [4, 'accept', 'requester', 'not_allowed'],
  [4, 'ignore', 'exhibitor', 'wrong_state'],
  [4, 'ignore', 'requester', 'not_allowed'],
  [4, 'cancel', 'requester', 'wrong_state'],
  [4, 'cancel', 'exhibitor', 'wrong_state'],
  [4, 'delete', 'requester', '4 hide_for_actor'],
  [4, 'delete', 'exhibitor', '4 hide_for_actor'],
];

// The same after the end: nothing can be answered or called off any more, everything can be hidden.
const afterEnd: Row[] = [
  [0, 'accept', 'exhibitor', 'ended'],
  [0, 'ignore', 'exhibitor', 'ended'],
  [0, 'cancel', 'requester', 'ended'],
  [0, 'delete', 'requester', '0 hide_for_actor'],
  [1, 'cancel', 'requester', 'ended'],
  [1, 'cancel', 'exhibitor', 'ended'],
  [1, 'delete', 'exhibitor', '1 hide_for_actor'],
  [2, 'delete', 'requester', '2 hide_for_actor'],
];

const outcome = (input: Parameters<typeof appointmentTransition>[0]) => {
  const decision = appointmentTransition(input);
  return decision.ok ? `${decision.status} ${decision.effects.join(',')}` : decision.refusal;
};

describe('appointmentTransition', () => {
  it('covers every action from every state by both roles', () => {
    expect(beforeEnd).toHaveLength(5 * 4 * 2);
  });

  it.each(beforeEnd)('status %i, %s by %s → %s', (status, action, role, expected) => {
    expect(outcome({ status, action, role, now, end: future })).toBe(expected);
  });

  it.each(afterEnd)('after the end: status %i, %s by %s → %s', (status, action, role, expected) => {
    expect(outcome({ status, action, role, now, end: past })).toBe(expected);
  });

  it('ends exactly at the end time', () => {
    expect(outcome({ status: 0, action: 'accept', role: 'exhibitor', now, end: now })).toBe('ended');
    expect(outcome({ status: 0, action: 'accept', role: 'exhibitor', now, end: now + 1 })).toBe(
      '1 create_schedules,notify_other_side',
    );
  });

  it('refuses to accept into a taken slot (already booked)', () => {
    expect(
      outcome({ status: 0, action: 'accept', role: 'exhibitor', now, end: future, isSlotTaken: true }),
    ).toBe('full');
    // A taken slot does not stop ignoring or retracting.
    expect(
      outcome({ status: 0, action: 'ignore', role: 'exhibitor', now, end: future, isSlotTaken: true }),
    ).toBe('2 notify_other_side');
  });
});

describe('isAppointmentPending', () => {
  it.each([
    [0, future, true],
    [0, now, false],
    [0, past, false],
    [1, future, false],
    [2, future, false],
    [3, future, false],
    [4, future, false],
  ] as const)('status %i ending at %i → %s', (status, end, pending) => {
    expect(isAppointmentPending({ status, end }, now)).toBe(pending);
  });
});
