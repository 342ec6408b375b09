import { describe, expect, it } from 'vitest';
import { type RegistrationActivity, registrationState } from './registration-state.ts';

const start = 1_900_000_000;
const deadline = start + 3600;
const base: RegistrationActivity = {
  registration_start: start,
  deadline,
  max: 100,
  ticket_total: 10,
  is_review: 0,
  enable_resubmit_answer: 0,
  enable_deadline_answer: 0,
};

describe('registrationState: availability around start and deadline', () => {
  it.each([
    ['one second before registration start', start - 1, 'not_started', 'registration.not_started'],
    ['at registration start', start, 'open', null],
    ['between start and deadline', start + 10, 'open', null],
    ['at the deadline', deadline, 'open', null],
    ['one second after the deadline', deadline + 1, 'closed', 'registration.closed'],
  ])('%s', (_label, now, availability, refusal) => {
    const state = registrationState({ activity: base, now });
    expect(state.availability).toBe(availability);
    expect(state.refusal).toBe(refusal);
    expect(state.canRegister).toBe(refusal === null);
  });

  it('deadline 0 never closes and registration_start 0 is open at once', () => {
    const state = registrationState({
      activity: { ...base, registration_start: 0, deadline: 0 },
      now: 4_000_000_000,
    });
    expect(state.availability).toBe('open');
  });

  it('a disabled entrance refuses with registration.failed', () => {
    const state = registrationState({
      activity: { ...base, enable_registration_entrance: 0 },
      now: start + 1,
    });
    expect(state).toMatchObject({
      availability: 'disabled',
      refusal: 'registration.failed',
      canRegister: false,
    });
  });

  it('not started wins over full', () => {
    const state = registrationState({ activity: { ...base, ticket_total: 100 }, now: start - 1 });
    expect(state.availability).toBe('not_started');
  });
});

describe('registrationState: full by total and by source', () => {
  it.each([
    ['one place left', { max: 100, ticket_total: 99 }, null, 'open', 1],
    ['ticket_total reaches max', { max: 100, ticket_total: 100 }, null, 'full', 0],
    ['max 0 is unlimited', { max: 0, ticket_total: 5000 }, null, 'open', null],
    ['source has room', { max: 0, ticket_total: 5 }, { max: 3, signup_total: 2 }, 'open', 1],
    [
      'source signup limit reached',
      { max: 0, ticket_total: 5 },
      { max: 3, signup_total: 3 },
      'source_full',
      0,
    ],
    ['source without limit', { max: 10, ticket_total: 4 }, { max: 0, signup_total: 99 }, 'open', 6],
    ['activity fuller than source', { max: 10, ticket_total: 9 }, { max: 5, signup_total: 1 }, 'open', 1],
    [
      'activity full although source has room',
      { max: 10, ticket_total: 10 },
      { max: 50, signup_total: 1 },
      'full',
      0,
    ],
  ] as const)('%s', (_label, totals, source, availability, placesLeft) => {
    const state = registrationState({ activity: { ...base, ...totals }, source, now: start + 1 });
    expect(state.availability).toBe(availability);
    expect(state.placesLeft).toBe(placesLeft);
    expect(state.refusal).toBe(
      availability === 'full'
        ? 'signup.failed.max'
        : availability === 'source_full'
          ? 'source.invalid'
          : null,
    );
  });

  it('a deleted source is refused as an invalid channel', () => {
    const state = registrationState({
      activity: base,
      source: { max: 0, signup_total: 0, deleted: 1 },
      now: start + 1,
    });
    expect(state).toMatchObject({ availability: 'source_full', refusal: 'source.invalid' });
  });
});

describe('registrationState: the caller’s own registration', () => {
  it.each([
    [0, false, 'under_review'],
    [0, true, 'review_pending'],
    [1, false, 'registered'],
    [2, false, 'rejected'],
    [3, false, 'successful'],
  ] as const)('status %i (just submitted: %s) is %s', (status, isJustSubmitted, standing) => {
    const state = registrationState({ activity: base, ticket: { status }, now: start + 1, isJustSubmitted });
    expect(state.standing).toBe(standing);
    expect(state.refusal).toBe('ticket.sign_up_once');
    expect(state.canRegister).toBe(false);
  });

  it('a holder of a closed activity sees registration.closed, not sign-up-once', () => {
    expect(registrationState({ activity: base, ticket: { status: 1 }, now: deadline + 1 }).refusal).toBe(
      'registration.closed',
    );
  });

  it('no ticket: standing none', () => {
    expect(registrationState({ activity: base, now: start + 1 }).standing).toBe('none');
  });
});

describe('registrationState: resubmission flags', () => {
  it.each([
    // resubmit, deadline-answer, now, status, allowed
    [0, 0, start + 1, 1, false],
    [1, 0, start + 1, 1, true],
    [1, 0, deadline, 0, true],
    [1, 0, deadline + 1, 1, false],
    [0, 1, deadline + 1, 1, true],
    [1, 1, deadline + 1, 2, true],
    [0, 1, start + 1, 0, true],
    [1, 1, start + 1, 3, false],
  ] as const)(
    'resubmit %i, deadline answer %i, at %i, status %i → %s',
    (resubmit, deadlineAnswer, now, status, allowed) => {
      const state = registrationState({
        activity: { ...base, enable_resubmit_answer: resubmit, enable_deadline_answer: deadlineAnswer },
        ticket: { status },
        now,
      });
      expect(state.canResubmit).toBe(allowed);
    },
  );

  it('without a ticket there is nothing to resubmit', () => {
    const state = registrationState({
      activity: { ...base, enable_resubmit_answer: 1, enable_deadline_answer: 1 },
      now: start + 1,
    });
    expect(state.canResubmit).toBe(false);
  });
});
