import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DiscountSpec,
  discountOf,
  type PricedDiscount,
  priceOrder,
  spreadByLargestRemainder,
} from './pricing.ts';

const cents = fc.integer({ min: 0, max: 5_000_000 });
const spec: fc.Arbitrary<DiscountSpec> = fc.oneof(
  fc.record({ type: fc.constant(1 as const), discount_rate: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ type: fc.constant(2 as const), discount_amount: cents, promotion_threshold: cents }),
  fc.record({ type: fc.constant(3 as const), promotion_threshold: cents, promotion_amount: cents }),
);
const priceIds = ['p1', 'p2', 'p3'];
const discount = (id: string): fc.Arbitrary<PricedDiscount> =>
  fc.record({ id: fc.constant(id), spec, price_ids: fc.subarray(priceIds) });
const order = fc.record({
  lines: fc.array(
    fc.record({
      key: fc.nat(),
      price_id: fc.constantFrom(...priceIds),
      unit_amount: cents,
      coupon: fc.option(fc.oneof(discount('c1'), discount('c2')), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 30 },
  ),
  automatic: fc.array(fc.oneof(discount('a1'), discount('a2'), discount('a3')), { maxLength: 3 }),
});

describe('priceOrder properties (§3 Discount, §9)', () => {
  it('subtotal − discount = total = Σ amount, no line below 0 or above its price', () => {
    fc.assert(
      fc.property(order, (input) => {
        // One coupon id stands for one coupon: lines naming c1 share its rule.
        const byId = new Map<string, PricedDiscount>();
        const lines = input.lines.map((line) => {
          if (!line.coupon) return line;
          const first = byId.get(line.coupon.id) ?? line.coupon;
          byId.set(first.id, first);
          return { ...line, coupon: first };
        });
        const priced = priceOrder({ lines, automatic: input.automatic });
        expect(priced.subtotal - priced.discount).toBe(priced.total);
        expect(priced.lines.reduce((a, l) => a + l.amount, 0)).toBe(priced.total);
        expect(priced.subtotal).toBe(lines.reduce((a, l) => a + l.unit_amount, 0));
        for (const line of priced.lines) {
          expect(line.amount).toBeGreaterThanOrEqual(0);
          expect(line.discount).toBeGreaterThanOrEqual(0);
          expect(line.amount + line.discount).toBe(line.unit_amount);
          expect(Number.isInteger(line.amount)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the chosen automatic discount is the best single one', () => {
    fc.assert(
      fc.property(order, (input) => {
        const lines = input.lines.map(({ coupon: _ignored, ...line }) => line);
        const all = priceOrder({ lines, automatic: input.automatic });
        for (const one of input.automatic) {
          expect(all.discount).toBeGreaterThanOrEqual(priceOrder({ lines, automatic: [one] }).discount);
        }
      }),
    );
  });

  it('largest remainder spreads exact cents, never over a base', () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 20 }), fc.nat(), (bases, seed) => {
        const sum = bases.reduce((a, b) => a + b, 0);
        const amount = sum === 0 ? 0 : seed % (sum + 1);
        const shares = spreadByLargestRemainder(amount, bases);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : amount);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(bases[i] as number);
        });
      }),
    );
  });
});

describe('discount types at their boundaries', () => {
  const line = (unit: number, coupon?: PricedDiscount) => ({
    key: 0,
    price_id: 'p1',
    unit_amount: unit,
    coupon,
  });
  const coupon = (s: DiscountSpec): PricedDiscount => ({ id: 'c', spec: s, price_ids: [] });

  it('type 1 takes floor(unit × rate / 100)', () => {
    expect(
      priceOrder({ lines: [line(999, coupon({ type: 1, discount_rate: 10 }))], automatic: [] }).total,
    ).toBe(900);
    expect(discountOf({ type: 1, discount_rate: 33 }, [100, 1])).toEqual([33, 0]);
  });
  it('type 1 at rate 100 makes the line free', () => {
    const priced = priceOrder({
      lines: [line(8000, coupon({ type: 1, discount_rate: 100 }))],
      automatic: [],
    });
    expect(priced.total).toBe(0);
    expect(priced.lines[0]?.amount).toBe(0);
  });
  it('type 2 applies from the threshold on, never more than the price', () => {
    const s: DiscountSpec = { type: 2, discount_amount: 500, promotion_threshold: 10000 };
    expect(priceOrder({ lines: [line(9999, coupon(s))], automatic: [] }).discount).toBe(0);
    expect(priceOrder({ lines: [line(10000, coupon(s))], automatic: [] }).discount).toBe(500);
    expect(priceOrder({ lines: [line(10001, coupon(s))], automatic: [] }).discount).toBe(500);
    expect(discountOf({ type: 2, discount_amount: 900, promotion_threshold: 0 }, [300])).toEqual([300]);
  });
  it('type 3 applies once the group subtotal reaches the threshold, spread exactly', () => {
    const s: DiscountSpec = { type: 3, promotion_threshold: 30000, promotion_amount: 1000 };
    const three = (last: number) =>
      priceOrder({
        lines: [line(10000, coupon(s)), line(10000, coupon(s)), { ...line(last, coupon(s)), key: 2 }],
        automatic: [],
      });
    expect(three(9999).discount).toBe(0);
    expect(three(10000).discount).toBe(1000);
    expect(three(10000).lines.map((l) => l.discount)).toEqual([334, 333, 333]);
    expect(three(10001).discount).toBe(1000);
    expect(discountOf({ type: 3, promotion_threshold: 0, promotion_amount: 5000 }, [100, 200])).toEqual([
      100, 200,
    ]);
  });
  it('coupons apply after the automatic discount, on what remains', () => {
    const priced = priceOrder({
      lines: [line(10000, coupon({ type: 1, discount_rate: 50 }))],
      automatic: [
        { id: 'a-small', spec: { type: 2, discount_amount: 100, promotion_threshold: 0 }, price_ids: [] },
        { id: 'a-big', spec: { type: 1, discount_rate: 20 }, price_ids: [] },
      ],
    });
    expect(priced.discount_id).toBe('a-big');
    expect(priced.lines[0]).toMatchObject({
      discount: 2000 + 4000,
      amount: 4000,
      discount_id: 'a-big',
      coupon_id: 'c',
    });
  });
  it('a coupon for other types leaves the line alone', () => {
    const priced = priceOrder({
      lines: [line(10000, { id: 'c', spec: { type: 1, discount_rate: 50 }, price_ids: ['p9'] })],
      automatic: [],
    });
    expect(priced.lines[0]).toMatchObject({ discount: 0, coupon_id: null });
  });
  it('refuses negative or fractional prices and out-of-range rates', () => {
    expect(() => priceOrder({ lines: [line(-1)], automatic: [] })).toThrow(RangeError);
    expect(() => priceOrder({ lines: [line(1.5)], automatic: [] })).toThrow(RangeError);
    expect(() =>
      priceOrder({ lines: [line(100, coupon({ type: 1, discount_rate: 101 }))], automatic: [] }),
    ).toThrow(RangeError);
  });
});
