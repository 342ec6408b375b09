import type { QuoteAnswer } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { couponProblemKey, lineCouponProblem } from './checkout-parts.tsx';
import { registrationProblem } from './problems.ts';

const quote = (problems: QuoteAnswer['problems']): QuoteAnswer => ({
  subtotal: 19_800,
  discount: 0,
  total: 19_800,
  currency: 'CNY',
  lines: [],
  problems,
});

describe('coupon refusals (§3 Registrant coupon code)', () => {
  it('names each coupon code refusal and nothing else', () => {
    expect(couponProblemKey('coupon.invalid')).toBe('couponInvalid');
    expect(couponProblemKey('coupon.expired')).toBe('couponExpired');
    expect(couponProblemKey('coupon.limit')).toBe('couponLimit');
    expect(couponProblemKey('coupon.not_applicable')).toBe('couponNotApplicable');
    expect(couponProblemKey('ticket.sold_out')).toBeUndefined();
    expect(couponProblemKey(4340)).toBeUndefined();
  });

  it("finds a line's coupon problem in a quote, not another line's nor a non-coupon one", () => {
    const answer = quote([
      { index: 0, code: 'ticket.sold_out', message: '' },
      { index: 1, code: 'coupon.limit', message: '' },
    ]);
    expect(lineCouponProblem(answer, 0)).toBeUndefined();
    expect(lineCouponProblem(answer, 1)).toBe('couponLimit');
    expect(lineCouponProblem(undefined, 1)).toBeUndefined();
  });

  it('shows checkout refusals as dialogs: 4029 and 4340 reload the activity (§8)', () => {
    expect(registrationProblem(new ApiError(409, 4029, 'x'))).toEqual({
      kind: 'dialog',
      key: 'insufficientQuantity',
      shouldRefetch: true,
    });
    expect(registrationProblem(new ApiError(409, 4340, 'x'))).toEqual({
      kind: 'dialog',
      key: 'priceUpdated',
      shouldRefetch: true,
    });
    expect(registrationProblem(new ApiError(409, 'coupon.limit', 'x'))).toMatchObject({
      kind: 'dialog',
      key: 'couponLimit',
    });
  });
});
