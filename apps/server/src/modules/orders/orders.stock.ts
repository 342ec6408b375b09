import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities } from '../activities/activities.tables.ts';
import { mappingUnique } from '../tickets/tickets.registration.ts';
import {
  insertTickets,
  lockAgent,
  moveCounters,
  type NewTicketRow,
  takeActivityPlaces,
  takeAgentPlaces,
  takePriceStock,
  takeSourcePlaces,
} from '../tickets/tickets.repository.ts';
import { newTicketCode } from '../tickets/tickets.service.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import type { LineRow, OrderRow } from './orders.repository.ts';
import { orderLines } from './orders.tables.ts';

/**
 * Places an order holds (§4 Order, commerce design "Stock"): the same conditional counters
 * registration moves (tickets.repository.ts), taken in the registration's lock order — the group row,
 * ticket types by id, activities by id, sources by id — and given back in that order, so a checkout,
 * an expiry, a late payment and a refund never wait on each other in a cycle. Tickets are written only
 * when an order is paid (or free), from its lines.
 */

/** How many places each counter gives up for a set of lines. */
export type StockNeeds = {
  perPrice: Map<string, number>;
  perActivity: Map<string, number>;
  perSource: Map<string, number>;
  agentId: string | null;
  total: number;
};

/** The counters a set of lines moves. */
export function needsOf(
  lines: readonly { priceId: string; activityId: string; sourceId: string | null }[],
  agentId: string | null,
): StockNeeds {
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const needs: StockNeeds = {
    perPrice: new Map(),
    perActivity: new Map(),
    perSource: new Map(),
    agentId,
    total: lines.length,
  };
  for (const line of lines) {
    add(needs.perPrice, line.priceId);
    add(needs.perActivity, line.activityId);
    if (line.sourceId) add(needs.perSource, line.sourceId);
  }
  return needs;
}

const sorted = (map: Map<string, number>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));

/** Which counter refused a reservation. */
export type StockRefusal = 'price' | 'activity' | 'source' | 'agent';

/**
 * Takes the places (guarded increments, in lock order). Answers the first counter that refused, or
 * null when every one took; the caller rolls its transaction (or savepoint) back on a refusal.
 * The group's row must already be locked by the caller when `agentId` is set (max_per_agent check).
 */
export async function takeStock(tx: Database, needs: StockNeeds): Promise<StockRefusal | null> {
  if (needs.agentId) await lockAgent(tx, needs.agentId);
  for (const [priceId, n] of sorted(needs.perPrice))
    if (!(await takePriceStock(tx, priceId, n))) return 'price';
  for (const [activityId, n] of sorted(needs.perActivity)) {
    if (!(await takeActivityPlaces(tx, activityId, n))) return 'activity';
  }
  for (const [sourceId, n] of sorted(needs.perSource))
    if (!(await takeSourcePlaces(tx, sourceId, n))) return 'source';
  if (needs.agentId && !(await takeAgentPlaces(tx, needs.agentId, needs.total))) return 'agent';
  return null;
}

/** Gives places back (the inverse moves, same lock order). */
export async function releaseStock(tx: Database, needs: StockNeeds): Promise<void> {
  if (needs.agentId) await moveCounters(tx, { agentId: needs.agentId, n: -needs.total });
  for (const [priceId, n] of sorted(needs.perPrice)) await moveCounters(tx, { priceId, n: -n });
  for (const [activityId, n] of sorted(needs.perActivity)) await moveCounters(tx, { activityId, n: -n });
  for (const [sourceId, n] of sorted(needs.perSource)) await moveCounters(tx, { sourceId, n: -n });
}

/**
 * Writes the tickets of an order's live lines (payment confirmed, or a free order) and links each
 * line to its ticket: status 0 when the activity reviews registrations, else 1; the buyer holds an
 * individual order's tickets, the group its members'. A unique-index violation (the person
 * registered meanwhile) propagates as its 409 refusal (mappingUnique).
 */
export async function writeTickets(tx: Database, order: OrderRow, lines: readonly LineRow[]): Promise<void> {
  const live = lines.filter((line) => line.cancelled === 0 && line.ticketId === null);
  if (live.length === 0) return;
  const activityIds = [...new Set(live.map((l) => l.activityId))];
  const reviews = new Map(
    (
      await tx
        .select({ id: activities.id, isReview: activities.isReview })
        .from(activities)
        .where(inArray(activities.id, activityIds))
    ).map((a) => [a.id, a.isReview]),
  );
  const rows: (NewTicketRow & { id: string; lineId: string })[] = live.map((line) => ({
    id: line.id,
    lineId: line.id,
    meetingId: order.meetingId,
    activityId: line.activityId,
    priceId: line.priceId,
    sourceId: line.sourceId,
    userId: order.agentId ? null : order.userId,
    agentId: order.agentId,
    status: reviews.get(line.activityId) === 1 ? 0 : 1,
    name: line.registrant.name,
    phone: line.registrant.phone,
    areaCode: line.registrant.area_code,
    email: line.registrant.email,
    idNumber: line.registrant.id_number,
    job: line.registrant.job,
    company: line.registrant.company,
    answers: line.answers as NewTicketRow['answers'],
    amount: line.amount,
    code: newTicketCode(),
  }));
  // A line's ticket takes the line's id: one ticket per line, and a repeated write is refused.
  await mappingUnique(() =>
    insertTickets(
      tx,
      rows.map(({ lineId: _lineId, ...row }) => row),
    ),
  );
  await tx
    .update(orderLines)
    .set({ ticketId: orderLines.id })
    .where(
      and(
        eq(orderLines.orderId, order.id),
        inArray(
          orderLines.id,
          rows.map((r) => r.lineId),
        ),
      ),
    );
}

/**
 * Of these tickets, the ids that still hold their places: live (not deleted) and not rejected
 * (status 2 gave its places back when it was rejected, tickets.review.ts).
 */
export async function ticketsHoldingPlaces(tx: Database, ticketIds: string[]): Promise<Set<string>> {
  if (ticketIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(inArray(tickets.id, ticketIds), eq(tickets.deleted, 0), ne(tickets.status, 2)))
    .for('update');
  return new Set(rows.map((row) => row.id));
}

/** Soft-deletes the tickets of lines (a refund cancelled them): the person may register again. */
export async function deleteTicketsOfLines(tx: Database, ticketIds: string[]): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx
    .update(tickets)
    .set({ deleted: 1, updatedAt: sql`now()` })
    .where(and(inArray(tickets.id, ticketIds), eq(tickets.deleted, 0)));
}
