import type { checkoutActivities, FormAnswers, Order, QuoteAnswer, quoteCheckout } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';
import { storedInvite } from './invite.ts';
import { storedSourceId } from './tickets.ts';

/** One registrant of a checkout (§3 Registrant: ticket type, answers, coupon code). */
export type CheckoutLine = {
  priceId: string;
  priceVersion: number | undefined;
  data: FormAnswers;
  couponCode: string;
};

export type CheckoutInput = {
  activityId: string;
  lines: CheckoutLine[];
  /** Group checkout (§2 group registration): the group the caller leads, and who pays. */
  agentId?: string | undefined;
  payMode?: 'leader' | 'each' | undefined;
  /** A coupon code for the lines without their own (§3 Registrant coupon code). */
  couponCode?: string | undefined;
};

function body(input: CheckoutInput, sourceId: string | undefined, expectedTotal?: number) {
  return bracketBody({
    activity_id: input.activityId,
    source_id: sourceId,
    invite: storedInvite(input.activityId),
    agent_id: input.agentId,
    pay_mode: input.agentId ? input.payMode : undefined,
    expected_total: expectedTotal,
    coupon_code: input.couponCode?.trim() || undefined,
    lines: input.lines.map((line) => ({
      price_id: line.priceId,
      price_version: line.priceVersion,
      data: line.data,
      coupon_code: line.couponCode.trim() || undefined,
    })),
  });
}

/**
 * POST /checkout/activities/quote: what the checkout would charge now, writing nothing (answers not
 * checked): subtotal, discount, total in cents, per-line amounts, and per-line problems (coupon.invalid
 * / coupon.expired / coupon.limit / coupon.not_applicable, ticket.sold_out, price.*).
 */
export async function fetchQuote(input: CheckoutInput): Promise<QuoteAnswer> {
  return api.post<QuoteAnswer>(
    contractPath<typeof quoteCheckout>('/checkout/activities/quote'),
    body({ ...input, lines: input.lines.map((line) => ({ ...line, data: {} })) }, undefined),
  );
}

/**
 * The quote of the current choice, asked again as the ticket types, coupon codes or pay mode change
 * (not as answers are typed: the quote does not read them). Off while `input` is null (a free choice).
 */
export const useQuote = (input: CheckoutInput | null) =>
  useQuery({
    queryKey: [
      'activities',
      'quote',
      input?.activityId ?? '',
      input?.agentId ?? '',
      input?.payMode ?? '',
      input?.couponCode?.trim().toUpperCase() ?? '',
      input?.lines.map((line) => [
        line.priceId,
        line.priceVersion ?? '',
        line.couponCode.trim().toUpperCase(),
      ]) ?? [],
    ],
    queryFn: () => fetchQuote(input as CheckoutInput),
    enabled: input !== null && input.lines.length > 0,
    placeholderData: (previous) => previous,
    staleTime: 15_000,
    retry: false,
  });

/**
 * POST /checkout/activities (§7): reserves the places and makes the order(s) to pay; `expectedTotal`
 * is the total (cents) the buyer saw — 4340 when it differs or a type changed. Answers the orders
 * (one; one per member when a group's members each pay). Errors as POST /tickets plus 4029,
 * coupon.* (400 coupon.invalid, 409 coupon.expired / coupon.limit / coupon.not_applicable).
 */
export async function checkout(input: CheckoutInput, expectedTotal: number | undefined): Promise<Order[]> {
  const orders = await api.post<Order[]>(
    contractPath<typeof checkoutActivities>('/checkout/activities'),
    body(input, await storedSourceId(input.activityId), expectedTotal),
  );
  if (orders.length === 0) throw new Error('POST /checkout/activities answered no order');
  return orders;
}
