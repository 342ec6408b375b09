import { randomBytes } from 'node:crypto';
import type { LocalizedText, Ticket, TicketListQuerystring } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import { base32crockford } from '@scure/base';
import type { Database } from '../../db/client.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import type { RolesDeps } from '../roles/roles.service.ts';
import {
  countTicketRows,
  findActivities,
  findAgent,
  findFormIdsOfActivities,
  findOwnTicket,
  findPrices,
  findTicket,
  findTicketByCode,
  findTickets,
  type TicketFilter,
  type TicketRow,
} from './tickets.repository.ts';
import { type TicketView, toWireTicket } from './tickets.serializer.ts';
import { requireStaff } from './tickets.staff.ts';

/**
 * Tickets (§4 Ticket and Activity registration, §7 Tickets): what every ticket use case shares —
 * dependencies, ticket codes, ownership and the wire form — and the lists (the caller's tickets, a
 * group's members, the participant list, staff look-ups by code). Registration is in
 * tickets.registration.ts, edits and resubmission in tickets.answers.ts, the staff list in
 * tickets.staff.ts, check-in in tickets.checkin.ts and the organiser's review in tickets.review.ts.
 */

/**
 * Dependencies of the service. `capacityGuard` is a TEST-ONLY switch for the control run of the
 * concurrency test (never read from config or env): 'database' (default) is the guarded path above;
 * 'none' is the naive path that reads the counters before the transaction, refuses when they are
 * already full, then increments them unconditionally — so concurrent requests oversell once the
 * CHECK constraints are dropped. It exists only to show that the test detects an oversell.
 */
export type TicketDeps = {
  db: Database;
  capacityGuard?: 'database' | 'none';
  /**
   * Milliseconds a registration may reuse the activity's read-only context (config
   * REGISTRATION_CONTEXT_TTL_MS); 0 or absent reads it every time.
   */
  contextTtlMs?: number;
  /** AUTH_SECRET: checks invitation codes of private activities (tickets.invites.ts). */
  authSecret?: string;
};

const defaultLimit = 20;
const maxLimit = 200;

/** A new ticket code: 128 random bits as 26 Crockford base32 characters (§3, never derived from the id). */
export function newTicketCode(): string {
  return base32crockford.encode(randomBytes(16));
}

/**
 * A typed or scanned code in its stored form: upper-case, spaces and dashes removed, Crockford's
 * aliases folded (O → 0, I and L → 1).
 */
export function normaliseTicketCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** Whether the caller holds the ticket or leads its group. */
export async function isOwnerOf(db: Database, ticket: TicketRow, userId: string): Promise<boolean> {
  if (ticket.userId === userId) return true;
  if (!ticket.agentId) return false;
  const agent = await findAgent(db, ticket.agentId);
  return agent !== undefined && agent.deleted === 0 && agent.userId === userId;
}

/** A live ticket the caller holds or leads. @throws 404 not_found otherwise. */
export async function ownedTicket(db: Database, ticketId: string, userId: string): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket || ticket.deleted === 1 || !(await isOwnerOf(db, ticket, userId))) throw notFound('ticket');
  return ticket;
}

/** Wire tickets with their type titles (and activities when asked). */
export async function toWireTickets(
  db: Database,
  rows: TicketRow[],
  view: TicketView,
  withActivity: boolean,
): Promise<Ticket[]> {
  const prices = await findPrices(db, [...new Set(rows.map((r) => r.priceId))]);
  const titles = new Map<string, LocalizedText>(prices.map((p) => [p.id, p.title]));
  const activityIds = [...new Set(rows.map((r) => r.activityId))];
  const activities = withActivity
    ? new Map((await findActivities(db, activityIds)).map((a) => [a.id, a]))
    : null;
  const formIds = withActivity ? await findFormIdsOfActivities(db, activityIds) : null;
  return rows.map((row) => {
    const activity = activities?.get(row.activityId);
    return toWireTicket(row, {
      view,
      priceTitle: titles.get(row.priceId) ?? '',
      ...(activity ? { activity: { row: activity, formId: formIds?.get(row.activityId) ?? null } } : {}),
    });
  });
}

/** Caller of GET /tickets and /tickets/count. */
export type TicketListInput = TicketListQuerystring & { userId: string };

function pageOf(input: TicketListQuerystring): { limit: number; skip: number } {
  const limit = input.limit === undefined ? defaultLimit : Number(input.limit);
  const skip = input.skip === undefined ? 0 : Number(input.skip);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(skip) || skip < 0) {
    throw new AppError(400, ErrorCode.invalidQuery, 'limit and skip must be whole numbers');
  }
  if (limit > maxLimit) throw new AppError(400, ErrorCode.limitTooLarge, `limit must be at most ${maxLimit}`);
  return { limit, skip };
}

/** The filter and view a list query stands for, after its access checks. */
async function listScope(
  deps: RolesDeps,
  input: TicketListInput,
): Promise<{ filter: TicketFilter; view: TicketView; code?: string }> {
  const meetingId = input.meeting_id;
  const statuses = input.status === undefined ? undefined : [Number(input.status)];
  if (input.code !== undefined) {
    await requireStaff(deps, input.userId, meetingId, 'ticket.checkin');
    return { filter: { meetingId }, view: 'staff', code: normaliseTicketCode(input.code) };
  }
  if (input.participants === '1') {
    if (!input.activity_id) throw noPermission();
    const own = await findOwnTicket(deps.db, input.activity_id, input.userId);
    if (!own || own.meetingId !== meetingId || (own.status !== 1 && own.status !== 3)) throw noPermission();
    return { filter: { meetingId, activityId: input.activity_id, statuses: [1, 3] }, view: 'participant' };
  }
  if (input.checked_in !== undefined) {
    await requireStaff(deps, input.userId, meetingId, 'ticket.checkin');
    return {
      filter: {
        meetingId,
        ...(input.activity_id ? { activityId: input.activity_id } : {}),
        statuses: input.checked_in === '1' ? [3] : [1],
      },
      view: 'staff',
    };
  }
  const base = {
    meetingId,
    ...(input.activity_id ? { activityId: input.activity_id } : {}),
    ...(statuses ? { statuses } : {}),
  };
  if (input.agent_id) {
    const agent = await findAgent(deps.db, input.agent_id);
    if (!agent || agent.deleted === 1 || agent.userId !== input.userId) throw notFound('group');
    return { filter: { ...base, agentId: agent.id }, view: 'owner' };
  }
  return { filter: { ...base, userId: input.userId }, view: 'owner' };
}

/**
 * GET /tickets (§7 Tickets): newest first, `limit` 1..200 (default 20), `skip`.
 * - default: the caller's own tickets in `meeting_id` (filters activity_id, status); with
 *   `agent_id` the members of a group the caller leads (404 not_found otherwise);
 * - `participants=1&activity_id=`: approved (1, 3) tickets of the activity, names masked, contacts
 *   null, form {}, code '' — only for a caller holding an approved ticket of it (403 no_permission);
 * - `code=`: staff (checkin or organiser on meeting_staff) look up a ticket of the meeting by code
 *   (normalised: upper-case, no spaces/dashes, O→0, I/L→1); 404 not_found when none; 403 otherwise;
 * - `checked_in=0|1`: staff list approved tickets not yet / already checked in.
 * `with_activity=1` embeds each ticket's activity.
 */
export async function listTickets(deps: RolesDeps, input: TicketListInput): Promise<Ticket[]> {
  const { db } = deps;
  const scope = await listScope(deps, input);
  const page = pageOf(input);
  const withActivity = input.with_activity === '1';
  if (scope.code !== undefined) {
    const ticket = await findTicketByCode(db, input.meeting_id, scope.code);
    if (!ticket) throw notFound('ticket');
    return toWireTickets(db, [ticket], 'staff', withActivity);
  }
  const rows = await findTickets(db, scope.filter, page);
  return toWireTickets(db, rows, scope.view, withActivity);
}

/** GET /tickets/count (§7 Tickets): how many GET /tickets would list (same filters and refusals). */
export async function countTickets(deps: RolesDeps, input: TicketListInput): Promise<{ total: number }> {
  const { db } = deps;
  const scope = await listScope(deps, input);
  if (scope.code !== undefined) {
    return { total: (await findTicketByCode(db, input.meeting_id, scope.code)) ? 1 : 0 };
  }
  return { total: await countTicketRows(db, scope.filter) };
}
