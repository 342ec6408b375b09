import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { actionProblemKey, bookingProblem, refusalProblems } from './booking-problems.ts';

const apiError = (status: number, code: string, data?: Record<string, unknown>) =>
  new ApiError(status, code, code, { data });

describe('bookingProblem', () => {
  it('carries the conflicts of a time-conflict warning', () => {
    const conflicts = [{ _id: { $id: 'a' } }];
    expect(bookingProblem(apiError(409, 'appointment.time_conflict', { conflicts }))).toEqual({
      kind: 'conflict',
      conflicts,
    });
    expect(bookingProblem(apiError(409, 'appointment.time_conflict'))).toEqual({
      kind: 'conflict',
      conflicts: [],
    });
  });

  it('sorts codes into fields, notices and the rest', () => {
    expect(bookingProblem(apiError(409, 'appointment.already_booked'))).toEqual({ kind: 'booked' });
    expect(bookingProblem(apiError(400, 'appointment.start_past'))).toEqual({
      kind: 'field',
      field: 'time',
      key: 'startPast',
    });
    expect(bookingProblem(apiError(400, 'appointment.date_required'))).toMatchObject({ field: 'date' });
    expect(bookingProblem(apiError(400, 'appointment.matter_required'))).toMatchObject({ field: 'matter' });
    expect(bookingProblem(apiError(400, 'appointment.time_zone_invalid'))).toMatchObject({
      field: 'timezone',
    });
    expect(bookingProblem(apiError(403, 'appointment.participant_required'))).toEqual({
      kind: 'notice',
      key: 'participantRequired',
    });
    expect(bookingProblem(apiError(400, 'appointment.own_enterprise'))).toMatchObject({
      key: 'ownEnterprise',
    });
    expect(bookingProblem(apiError(429, 'too_frequent'))).toEqual({ kind: 'other' });
    expect(bookingProblem(new Error('boom'))).toEqual({ kind: 'other' });
  });

  it('gives every §5 refusal of the form a field and a message', () => {
    expect(refusalProblems.date_required).toEqual({ field: 'date', key: 'dateRequired' });
    expect(refusalProblems.time_nonexistent).toEqual({ field: 'time', key: 'timeNonexistent' });
    expect(refusalProblems.same_time.key).toBe('sameTime');
    expect(refusalProblems.end_before_start.key).toBe('endBeforeStart');
  });
});

describe('actionProblemKey', () => {
  it('names the §8 refusals of an action', () => {
    expect(actionProblemKey(apiError(409, 'appointment.accept_failed'))).toBe('acceptFailed');
    expect(actionProblemKey(apiError(409, 'appointment.already_booked'))).toBe('timeTaken');
    expect(actionProblemKey(apiError(404, 'not_found'))).toBe('notFound');
    expect(actionProblemKey(apiError(500, 'internal'))).toBeNull();
  });
});
