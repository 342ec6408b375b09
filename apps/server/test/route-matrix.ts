import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { newId } from '../src/db/ids.ts';
import { insertAgent } from '../src/modules/tickets/tickets.fixtures.ts';
import { demoActivityIds, demoFormIds } from '../src/seeds/demo-activities.ts';
import { type DemoWorld, otherMeetingId, type RoleName, roleNames, wireIdText } from './demo-roles.ts';

/**
 * The route × role matrix harness (§6 roles and permissions, §8 error codes): every API route is a
 * row with the request to send and the status each role must get. The table itself lives in
 * route-matrix.api.test.ts; a route the server has and the table lacks fails the test, so a new
 * route (an organiser console's, say) comes with its row, and a new role with its column.
 */

/** What one role sends for a row. `json` is a JSON body; requests are signed (Apikey) as the app does. */
export type MatrixRequest = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; json?: unknown };

/** Ids of the seeded demo meeting that the rows address. */
export type MatrixContext = {
  world: DemoWorld;
  meetingId: string;
  otherMeetingId: string;
  /** User id of each signed-in role. */
  userIds: Record<Exclude<RoleName, 'guest'>, string>;
  agendaId: string;
  speakerId: string;
  /** A session of the other meeting, which is closed to visitors. */
  closedAgendaId: string;
  /** The enterprise of the demo exhibitor account (the exhibitor role's), and another one. */
  ownEnterpriseId: string;
  otherEnterpriseId: string;
  ownExhibitorId: string;
  otherExhibitorId: string;
  ownProductId: string;
  otherProductId: string;
  /** A product of the exhibitor's enterprise made for the delete row. */
  doomedProductId: string;
  activityId: string;
  formId: string;
  /** The participant's approved ticket, its QR code, and a ticket under review. */
  ticketId: string;
  ticketCode: string;
  reviewTicketId: string;
  /** A group the participant leads (group registration, the hackathon). */
  agentActivityId: string;
  agentId: string;
  /** Open slots of the exhibitor's enterprise: one to book per booking row, one to withdraw. */
  slotIds: { book: string; bookViaEnterprise: string; withdraw: string };
  /** Appointments the participant requested of the exhibitor: pending ones, and one retracted. */
  appointmentIds: { accept: string; ignore: string; cancel: string; retracted: string };
  /** A category of exhibitor groups and one of industries (pavilion page counters). */
  exhibitorGroupCategoryId: string;
  productCategoryId: string;
  /** The participant's iCalendar feed file name. */
  calendarFile: string;
};

/** Expected status per role, in the order of `roleNames` (the table's columns). */
export type Expected = readonly number[];

export type MatrixRow = {
  /** `METHOD /api/path/{param}` as the OpenAPI document writes it. */
  route: string;
  /** Tells apart several rows of one route (e.g. a staff-only filter). */
  variant?: string;
  request: (c: MatrixContext, role: RoleName) => MatrixRequest;
  expect: Expected;
  /** Undoes what a role's call changed that later rows rely on (a logout, a binding). */
  after?: (c: MatrixContext, role: RoleName, response: LightMyRequestResponse) => Promise<void>;
};

/** Every role gets the same status. */
export const everyone = (status: number): Expected => roleNames.map(() => status);
/** Guests 401 login.required, every signed-in role the given status. */
export const signedIn = (status: number): Expected => roleNames.map((r) => (r === 'guest' ? 401 : status));

export const get = (url: string): MatrixRequest => ({ method: 'GET', url });
export const post = (url: string, json: unknown = {}): MatrixRequest => ({ method: 'POST', url, json });
export const put = (url: string, json: unknown = {}): MatrixRequest => ({ method: 'PUT', url, json });
export const del = (url: string): MatrixRequest => ({ method: 'DELETE', url });

/** `?a=1&b={"x":1}`: objects JSON-encoded (§7). */
export function q(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined)
      search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return `?${search.toString()}`;
}

type Rows<T> = { rows: T[] };
async function one<T>(c: DemoWorld, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await c.t.database.db.execute(query)) as unknown as Rows<T>;
  const row = result.rows[0];
  if (!row) throw new Error('the demo seed lacks a row the matrix needs');
  return row;
}

let visitor = 0;
/** A different client address per call, so per-IP limits of the login calls never answer 429 here. */
export const nextAddress = () => {
  visitor += 1;
  return `10.${200 + ((visitor >> 16) & 31)}.${(visitor >> 8) & 255}.${visitor & 255}`;
};

/** Sends a row's request as a role. */
export function sendAs(c: MatrixContext, role: RoleName, request: MatrixRequest) {
  const headers: Record<string, string> =
    role === 'guest' ? {} : { authorization: `Bearer ${c.world.logins[role].token}` };
  return c.world.t.call(request.method, request.url, {
    headers,
    remoteAddress: nextAddress(),
    ...(request.json !== undefined ? { json: request.json } : {}),
  });
}

function expectOk(response: LightMyRequestResponse, what: string) {
  if (response.statusCode !== 200)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** A date `days` ahead in Asia/Shanghai as YYYY-MM-DD (slots and requests need future times). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Looks up and makes what the rows need on the demo world: ids, a ticket under review, a group, open
 * slots and appointments (through the API, as the participant and the exhibitor would).
 */
export async function createMatrixContext(world: DemoWorld): Promise<MatrixContext> {
  const meetingId = world.meetingId;
  const userIds = Object.fromEntries(
    Object.entries(world.logins).map(([role, login]) => [role, wireIdText(login.user_id)]),
  ) as MatrixContext['userIds'];
  const own = await one<{ enterprise_id: string }>(
    world,
    sql`SELECT enterprise_id FROM exhibitor_accounts WHERE meeting_id = ${meetingId} AND account = 'demo-exhibitor'`,
  );
  const ownEnterpriseId = own.enterprise_id;
  const other = await one<{ enterprise_id: string; id: string }>(
    world,
    sql`SELECT enterprise_id, id FROM exhibitors WHERE meeting_id = ${meetingId} AND enterprise_id <> ${ownEnterpriseId} ORDER BY id LIMIT 1`,
  );
  const ownExhibitor = await one<{ id: string }>(
    world,
    sql`SELECT id FROM exhibitors WHERE meeting_id = ${meetingId} AND enterprise_id = ${ownEnterpriseId}`,
  );
  const ownProduct = await one<{ id: string }>(
    world,
    sql`SELECT id FROM products WHERE enterprise_id = ${ownEnterpriseId} ORDER BY id LIMIT 1`,
  );
  const otherProduct = await one<{ id: string }>(
    world,
    sql`SELECT id FROM products WHERE enterprise_id = ${other.enterprise_id} ORDER BY id LIMIT 1`,
  );
  const agenda = await one<{ id: string }>(
    world,
    sql`SELECT id FROM agendas WHERE meeting_id = ${meetingId} ORDER BY id LIMIT 1`,
  );
  const speaker = await one<{ id: string }>(
    world,
    sql`SELECT id FROM speakers WHERE meeting_id = ${meetingId} ORDER BY id LIMIT 1`,
  );
  const ticket = await one<{ code: string; price_id: string }>(
    world,
    sql`SELECT code, price_id FROM tickets WHERE id = ${world.participantTicketId}`,
  );
  const reviewTicketId = newId();
  await world.t.database.db.execute(
    sql`INSERT INTO tickets (id, meeting_id, activity_id, price_id, status, name, code)
        VALUES (${reviewTicketId}, ${meetingId}, ${demoActivityIds.forum}, ${ticket.price_id}, 0, 'Under Review',
                ${`REVIEW${newId().slice(-20).toUpperCase()}`})`,
  );
  const closedAgendaId = newId();
  await world.t.database.db.execute(
    sql`INSERT INTO agendas (id, meeting_id, guid, title, start, "end")
        VALUES (${closedAgendaId}, ${otherMeetingId}, 'matrix-closed', '{"en":"Members only"}'::jsonb,
                '2030-01-01T09:00:00Z', '2030-01-01T10:00:00Z')`,
  );
  const agentId = await insertAgent(world.t, {
    meetingId,
    activityId: demoActivityIds.hackathon,
    userId: userIds.participant,
  });

  const c = { world } as MatrixContext;
  Object.assign(c, { meetingId, userIds, ownEnterpriseId });
  // The exhibitor publishes slots; the participant requests meetings in some of them.
  const slot = (days: number, start: string) => publishSlot(c, days, start);
  const slotIds = {
    book: await slot(300, '09:00'),
    bookViaEnterprise: await slot(300, '10:00'),
    withdraw: await slot(300, '11:00'),
  };
  const book = async (start: string) => {
    const slotId = await slot(301, start);
    const res = await sendAs(
      c,
      'participant',
      post(`/api/appointments/schedules/${slotId}`, {
        meeting_id: meetingId,
        mode: 'offline',
        matter: 'Talk',
      }),
    );
    return wireIdText(expectOk(res, 'booking a slot')._id);
  };
  const appointmentIds = {
    accept: await book('09:00'),
    ignore: await book('10:00'),
    cancel: await book('11:00'),
    retracted: await book('12:00'),
  };
  expectOk(
    await sendAs(c, 'participant', post(`/api/appointments/${appointmentIds.retracted}/cancel`, {})),
    'retracting a request',
  );
  const feed = expectOk(await sendAs(c, 'participant', get('/api/meeting/schedules/calendar')), 'the feed');
  const doomed = expectOk(
    await sendAs(
      c,
      'exhibitor',
      post('/api/enterprise/products', { enterprise_id: ownEnterpriseId, title: 'Doomed product' }),
    ),
    'adding a product',
  );

  return Object.assign(c, {
    otherMeetingId,
    agendaId: agenda.id,
    speakerId: speaker.id,
    closedAgendaId,
    ownEnterpriseId,
    otherEnterpriseId: other.enterprise_id,
    ownExhibitorId: ownExhibitor.id,
    otherExhibitorId: other.id,
    ownProductId: ownProduct.id,
    otherProductId: otherProduct.id,
    doomedProductId: wireIdText(doomed._id),
    activityId: demoActivityIds.forum,
    formId: demoFormIds.forum,
    ticketId: world.participantTicketId,
    ticketCode: ticket.code,
    reviewTicketId,
    agentActivityId: demoActivityIds.hackathon,
    agentId,
    slotIds,
    appointmentIds,
    calendarFile: String(feed.url).split('/').pop() ?? '',
    exhibitorGroupCategoryId: (
      await one<{ id: string }>(
        world,
        sql`SELECT id FROM categories WHERE meeting_id = ${meetingId} AND type = 'exhibitor_group' ORDER BY id LIMIT 1`,
      )
    ).id,
    productCategoryId: (
      await one<{ id: string }>(
        world,
        sql`SELECT id FROM categories WHERE meeting_id = ${meetingId} AND type = 'industry' ORDER BY id LIMIT 1`,
      )
    ).id,
  });
}

/** The exhibitor role publishes a half-hour slot `days` ahead at `start` (Asia/Shanghai); its id. */
export async function publishSlot(c: MatrixContext, days: number, start: string): Promise<string> {
  const res = await sendAs(
    c,
    'exhibitor',
    post(`/api/enterprises/${c.ownEnterpriseId}/schedules`, {
      meeting_id: c.meetingId,
      date: dayAhead(days),
      start_time: start,
      end_time: `${start.slice(0, 2)}:30`,
      timezone: 'Asia/Shanghai',
    }),
  );
  return wireIdText(expectOk(res, 'publishing a slot')._id);
}

/** `METHOD /api/path` keys of the rows, to compare with the server's routes. */
export function rowRoutes(rows: readonly MatrixRow[]): Set<string> {
  return new Set(rows.map((row) => row.route));
}

/** One line of the status table as the test prints it on a mismatch. */
export function formatStatuses(statuses: readonly number[]): string {
  return `[${statuses.join(', ')}]`;
}
