/**
 * Order pricing (§3 Discount, §9 discount types; amounts in integer cents). Pure: the server prices
 * checkouts and quotes with it, the web may show the same numbers.
 *
 * Rule: the best single automatic discount for the payer (the one taking the most cents off) applies
 * to the whole order first; then each coupon applies to the lines naming it, on what remains, a
 * coupon's lines forming one group for type 3. A line's amount never goes below 0;
 * total = Σ amount and subtotal − discount = total.
 */

/**
 * A discount's rule (§9 types):
 * - 1 percentage: `discount_rate` percent OFF (integer 1..100); line discount = floor(base × rate / 100);
 * - 2 fixed amount: on each line whose price reaches `promotion_threshold`, min(discount_amount, price) off;
 * - 3 threshold promotion: once per group of lines whose subtotal reaches `promotion_threshold`,
 *   min(promotion_amount, subtotal) off, spread over the lines by largest remainder.
 */
export type DiscountSpec =
  | { type: 1; discount_rate: number }
  | { type: 2; discount_amount: number; promotion_threshold: number }
  | { type: 3; promotion_threshold: number; promotion_amount: number };

/** A discount that applies to some ticket types (`price_ids` [] = every type). */
export type PricedDiscount = { id: string; spec: DiscountSpec; price_ids: readonly string[] };

/** One line to price: a ticket type's unit price and the coupon the line names, if any. */
export type PricingLineInput = {
  key: string | number;
  price_id: string;
  /** Cents, integer ≥ 0. */
  unit_amount: number;
  coupon?: PricedDiscount | null;
};

export type PricingInput = { lines: readonly PricingLineInput[]; automatic: readonly PricedDiscount[] };

/** A priced line: `amount = unit_amount − discount ≥ 0`; the discount and coupon that applied to it. */
export type PricedLine = {
  key: string | number;
  unit_amount: number;
  discount: number;
  amount: number;
  /** The automatic discount that took cents off this line, else null. */
  discount_id: string | null;
  /** The coupon that took cents off this line (or applied to it at 0), else null. */
  coupon_id: string | null;
};

export type PricedOrder = {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  total: number;
  /** The automatic discount chosen for the order, null when none takes anything off. */
  discount_id: string | null;
};

/** Whether a discount applies to a ticket type. */
export function appliesToPrice(discount: Pick<PricedDiscount, 'price_ids'>, priceId: string): boolean {
  return discount.price_ids.length === 0 || discount.price_ids.includes(priceId);
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be integer cents ≥ 0, got ${value}`);
}

/** Checks a discount rule's numbers (types 1..3); throws RangeError when out of range. */
export function assertDiscountSpec(spec: DiscountSpec): void {
  switch (spec.type) {
    case 1:
      if (!Number.isInteger(spec.discount_rate) || spec.discount_rate < 1 || spec.discount_rate > 100) {
        throw new RangeError(`discount_rate must be an integer 1..100, got ${spec.discount_rate}`);
      }
      return;
    case 2:
      assertCents(spec.discount_amount, 'discount_amount');
      assertCents(spec.promotion_threshold, 'promotion_threshold');
      return;
    case 3:
      assertCents(spec.promotion_amount, 'promotion_amount');
      assertCents(spec.promotion_threshold, 'promotion_threshold');
      return;
    default:
      throw new RangeError(`unknown discount type ${(spec as { type: unknown }).type}`);
  }
}

/**
 * Splits `amount` cents over `bases` in proportion, by largest remainder: every share is whole cents,
 * shares sum to `amount` exactly, and no share exceeds its base (requires amount ≤ Σ bases).
 */
export function spreadByLargestRemainder(amount: number, bases: readonly number[]): number[] {
  const sum = bases.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum === 0) return bases.map(() => 0);
  if (amount > sum) throw new RangeError('spread amount exceeds the bases');
  const big = BigInt(amount);
  const bigSum = BigInt(sum);
  const shares = bases.map((base) => Number((big * BigInt(base)) / bigSum));
  const remainders = bases.map((base, index) => ({ index, rest: (big * BigInt(base)) % bigSum }));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index, rest } of remainders) {
    if (left === 0) break;
    if (rest === 0n) continue;
    shares[index] = (shares[index] as number) + 1;
    left -= 1;
  }
  return shares;
}

/** Cents a rule takes off a group of line bases (what remains of each line), per line. */
export function discountOf(spec: DiscountSpec, bases: readonly number[]): number[] {
  switch (spec.type) {
    case 1:
      return bases.map((base) => Math.floor((base * spec.discount_rate) / 100));
    case 2:
      return bases.map((base) =>
        base >= spec.promotion_threshold ? Math.min(spec.discount_amount, base) : 0,
      );
    case 3: {
      const subtotal = bases.reduce((a, b) => a + b, 0);
      if (subtotal < spec.promotion_threshold || subtotal === 0) return bases.map(() => 0);
      return spreadByLargestRemainder(Math.min(spec.promotion_amount, subtotal), bases);
    }
  }
}

/**
 * Prices an order (§3 Discount, §9): see the module rule. Automatic discounts are tried one at a time
 * on the whole order; the one taking the most cents off wins (ties: the first given). Coupons then
 * apply, each on its own lines (those naming it whose type it covers), to what the automatic discount
 * left. Lines naming a coupon that does not cover their type keep `coupon_id` null (the caller reports
 * coupon.not_applicable).
 * @throws RangeError on a negative or fractional amount or an out-of-range rule
 */
export function priceOrder(input: PricingInput): PricedOrder {
  for (const line of input.lines) assertCents(line.unit_amount, 'unit_amount');
  for (const discount of input.automatic) assertDiscountSpec(discount.spec);
  const n = input.lines.length;
  const autoOff = new Array<number>(n).fill(0);
  let chosen: PricedDiscount | null = null;
  let best = 0;
  for (const discount of input.automatic) {
    const indexes = input.lines.flatMap((line, i) => (appliesToPrice(discount, line.price_id) ? [i] : []));
    const offs = discountOf(
      discount.spec,
      indexes.map((i) => (input.lines[i] as PricingLineInput).unit_amount),
    );
    const off = offs.reduce((a, b) => a + b, 0);
    if (off > best) {
      best = off;
      chosen = discount;
      autoOff.fill(0);
      indexes.forEach((lineIndex, k) => {
        autoOff[lineIndex] = offs[k] as number;
      });
    }
  }
  const couponOff = new Array<number>(n).fill(0);
  const couponOf = new Array<string | null>(n).fill(null);
  const groups = new Map<string, { discount: PricedDiscount; indexes: number[] }>();
  input.lines.forEach((line, i) => {
    const coupon = line.coupon;
    if (!coupon || !appliesToPrice(coupon, line.price_id)) return;
    assertDiscountSpec(coupon.spec);
    const group = groups.get(coupon.id) ?? { discount: coupon, indexes: [] };
    group.indexes.push(i);
    groups.set(coupon.id, group);
  });
  for (const { discount, indexes } of groups.values()) {
    const bases = indexes.map(
      (i) => (input.lines[i] as PricingLineInput).unit_amount - (autoOff[i] as number),
    );
    const offs = discountOf(discount.spec, bases);
    indexes.forEach((lineIndex, k) => {
      couponOff[lineIndex] = offs[k] as number;
      couponOf[lineIndex] = discount.id;
    });
  }
  const lines = input.lines.map((line, i): PricedLine => {
    const discount = Math.min(line.unit_amount, (autoOff[i] as number) + (couponOff[i] as number));
    return {
      key: line.key,
      unit_amount: line.unit_amount,
      discount,
      amount: line.unit_amount - discount,
      discount_id: chosen && (autoOff[i] as number) > 0 ? chosen.id : null,
      coupon_id: couponOf[i] ?? null,
    };
  });
  const subtotal = lines.reduce((a, l) => a + l.unit_amount, 0);
  const discount = lines.reduce((a, l) => a + l.discount, 0);
  return { lines, subtotal, discount, total: subtotal - discount, discount_id: chosen?.id ?? null };
}
