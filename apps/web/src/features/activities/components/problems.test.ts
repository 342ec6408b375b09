import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { activityWhen, currencyOf, formatAmount, priceRange } from './format.ts';
import { registrationProblem } from './problems.ts';

describe('registrationProblem', () => {
  it('maps §8 codes to dialogs, field messages and toasts', () => {
    expect(registrationProblem(new ApiError(409, 4340, 'changed'))).toEqual({
      kind: 'dialog',
      key: 'priceUpdated',
      shouldRefetch: true,
    });
    expect(registrationProblem(new ApiError(409, 'registration.closed', 'x'))).toMatchObject({
      kind: 'dialog',
      key: 'closed',
    });
    expect(registrationProblem(new ApiError(409, 'phone.registered', 'x'))).toEqual({
      kind: 'field',
      key: 'phoneRegistered',
      questionType: 'phone',
    });
    expect(registrationProblem(new ApiError(409, 'agent.limit_exceeded', 'x'))).toMatchObject({
      key: 'agentLimitExceeded',
    });
    expect(
      registrationProblem(
        new ApiError(400, 'form.required', 'x', { data: { details: [{ path: 'data.q7', message: '' }] } }),
      ),
    ).toEqual({ kind: 'required', questionIds: ['q7'] });
    expect(registrationProblem(new Error('boom'))).toEqual({ kind: 'toast', key: null });
  });
});

describe('money and time', () => {
  const price = (amount: number) => ({ amount, deleted: 0 }) as Parameters<typeof priceRange>[0][number];
  it('shows cents in yuan, 0 as free, and a min–max range (§9)', () => {
    expect(formatAmount(9900, 'Free', 'en')).toBe('¥99');
    expect(formatAmount(8050, 'Free', 'zh')).toBe('¥80.50');
    expect(formatAmount(0, 'Free', 'en')).toBe('Free');
    expect(priceRange([price(0), price(0)], 'Free', 'en')).toBe('Free');
    expect(priceRange([price(0), price(9900)], 'Free', 'en')).toBe('Free – ¥99');
    expect(priceRange([price(8000), price(20000)], 'Free', 'en')).toBe('¥80 – ¥200');
    expect(priceRange([price(1000), price(2550)], 'Free', 'en')).toBe('¥10 – ¥25.50');
    expect(priceRange([price(1000), price(2550)], 'Free', 'en', 'USD')).toBe('$10 – $25.50');
    expect(currencyOf({})).toBe('CNY');
    expect(currencyOf({ currency: 'EUR' })).toBe('EUR');
  });
  it("writes one day's times in the meeting's zone", () => {
    const start = Date.UTC(2026, 11, 5, 6, 0) / 1000;
    expect(activityWhen({ start, end: start + 3 * 3600 }, 'Asia/Shanghai', 'en', 'Asia/Shanghai')).toBe(
      'Sat, Dec 5, 2026 · 14:00 – 17:00',
    );
    // Seen from New York: the same wall-clock times, named once at the end.
    expect(activityWhen({ start, end: start + 3 * 3600 }, 'Asia/Shanghai', 'en', 'America/New_York')).toBe(
      'Sat, Dec 5, 2026 · 14:00 – 17:00 GMT+8',
    );
  });
});
