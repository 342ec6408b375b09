import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  groupTotals,
  orderStatusView,
  payLink,
  paymentEnvironment,
  secondsLeft,
  unpaidOrders,
} from './order-view.ts';

describe('orderStatusView (§4 Order colours)', () => {
  it('shows done as completed (green), or refunded (grey) with the refund flag', () => {
    expect(orderStatusView({ status: 'done', refund_flag: 0 })).toEqual({ key: 'completed', tone: 'green' });
    expect(orderStatusView({ status: 'done', refund_flag: 1 })).toEqual({ key: 'refunded', tone: 'grey' });
  });
  it('shows pending orange and other states as they are, grey', () => {
    expect(orderStatusView({ status: 'pending', refund_flag: 0 })).toEqual({
      key: 'pending',
      tone: 'orange',
    });
    expect(orderStatusView({ status: 'expired', refund_flag: 0 })).toEqual({ key: 'expired', tone: 'grey' });
    expect(orderStatusView({ status: 'cancelled', refund_flag: 1 })).toEqual({
      key: 'cancelled',
      tone: 'grey',
    });
  });
});

describe('countdown (§9 tick 1000 ms)', () => {
  it('counts whole seconds left, rounding a started second up, never below 0', () => {
    expect(secondsLeft(1_000, 999_000)).toBe(1);
    expect(secondsLeft(1_000, 999_500)).toBe(1);
    expect(secondsLeft(1_000, 1_000_000)).toBe(0);
    expect(secondsLeft(1_000, 2_000_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(1_900, 1_000_000)).toBe(900);
  });
  it('formats m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('paymentEnvironment (§1)', () => {
  it('pays inside WeChat from its browser and mini-program, else by the device', () => {
    expect(paymentEnvironment('wechat')).toBe('wechat');
    expect(paymentEnvironment('miniprogram')).toBe('wechat');
    expect(paymentEnvironment('mobile')).toBe('mobile');
    expect(paymentEnvironment('browser')).toBe('browser');
  });
});

describe('payLink', () => {
  it('links the order page with the meeting and the pay token, percent-encoded', () => {
    expect(payLink('https://x.test/', { meetingId: 'm1', orderId: 'o1', token: 'a+b/c' })).toBe(
      'https://x.test/#/my/order/o1?meeting_id=m1&pay_token=a%2Bb%2Fc',
    );
  });
});

describe('group payment (§4)', () => {
  const orders = [
    { status: 'pending' as const, total: 8_000 },
    { status: 'done' as const, total: 8_000 },
    { status: 'pending' as const, total: 20_000 },
    { status: 'expired' as const, total: 8_000 },
  ];
  it('counts the unpaid members and sums what is due and unpaid (expired and cancelled left out)', () => {
    expect(unpaidOrders(orders)).toHaveLength(2);
    expect(groupTotals(orders)).toEqual({ total: 36_000, unpaid: 28_000 });
  });
});
