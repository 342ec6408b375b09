import type { Appointment, Ticket } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DetailItem, type DetailRoute, detailRoutes, type OtherId } from '../src/app/detail-routes.ts';
import { createApiClient, type RequestBody } from '../src/lib/api/client.ts';
import { hashPath, launchBrowser, openPage, viewports } from './browser.ts';
import { softDelete } from './database.ts';
import { outboxCode } from './outbox.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * Every detail page of the route tables (src/app/detail-routes.ts, kept in step with router.tsx by
 * its unit test) with a missing, a malformed, an unknown and a deleted id ends on /404, /404, /404
 * and /204 (§2, §8) — never a blank page or an endless skeleton. The visitor is logged in (the
 * pages that need a login check the id after the login guard). The deleted items are real ones the
 * test marks deleted in the stopped server's database.
 */

const meetingId = '64656d6f0000000000002019';
const forumId = '64656d6f00000000000a0001';
const forumStandard = '64656d6f00000000000c0101';
const nameQuestion = '64656d6f00000000000e0101';
const phoneQuestion = '64656d6f00000000000e0102';
/** The demo staff phone: the participant list needs staff (for anyone else its 403 logs out, §8). */
const visitorPhone = '13900139000';
const unknownId = 'e0e0e0e0e0e0e0e0e0e0e0e0';
const malformedId = 'not-an-id';

let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
/** Live items (for the other ids a page needs) and deleted ones, by kind. */
const live: Partial<Record<OtherId, string>> = {
  meeting: meetingId,
  activity: forumId,
  agent: 'a9e0a9e0a9e0a9e0a9e0a9e0',
  // A group member's ticket: the group pages check the activity before the group's tickets.
  ticket: 'a9e1a9e1a9e1a9e1a9e1a9e1',
};
const deleted: Partial<Record<DetailItem, string>> = {};

function apiAs(token: string | undefined) {
  return createApiClient({
    baseUrl: '/api',
    salt: 'meeting-platform-apikey-salt-v1',
    fetch: (url, init) => fetch(`${server.url}${url}`, init),
    now: () => Date.now(),
    deviceId: () => 'e2e-detail-routes',
    session: () => ({ token }),
    source: () => undefined,
    clockOffset: { get: () => 0, set: () => {} },
  });
}

type Item = { _id: { $id: string } };
const first = (items: Item[], skip = 0): string => {
  const id = items[skip]?._id.$id;
  if (!id) throw new Error('no item to use');
  return id;
};

async function login(): Promise<string> {
  await page.goto(`${server.url}/#/login?meeting_id=${meetingId}&lang=en&redirect=%2Fmy%2Findex`);
  await page.locator('input[name="phone"]').fill(visitorPhone);
  await page.getByRole('button', { name: /get code/i }).click();
  await page.locator('input[name="code"]').fill(await outboxCode(server.url, `+86${visitorPhone}`));
  await page.locator('#agree').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.hash.startsWith('#/my/index'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token after logging in');
  return token;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, viewports[0]));
  const api = apiAs(await login());

  // A ticket and a meeting request of the visitor's, to delete.
  const body: RequestBody = {
    activity_id: forumId,
    price_id: forumStandard,
    [`data[${nameQuestion}]`]: 'Detail Visitor',
    [`data[${phoneQuestion}][area_code]`]: '86',
    [`data[${phoneQuestion}][number]`]: visitorPhone,
  };
  const [ticket] = await api.post<Ticket[]>('/tickets', body);
  deleted.ticket = ticket?._id.$id;
  // A thread of the visitor's (registered now, §6), deleted by its author: the talk page opens /404.
  const thread = await api.post<Item>('/threads', {
    meeting_id: meetingId,
    title: 'Deleted later',
    content: 'Deleted later by the detail-routes test',
  });
  await api.delete(`/threads/${thread._id.$id}`);
  deleted.thread = thread._id.$id;
  // A demand of the visitor's (registered, §6), deleted by its poster: its pages open /404.
  const demand = await api.post<Item>('/demands', {
    meeting_id: meetingId,
    type: 'cooperation',
    title: 'Deleted later demand',
    description: 'Deleted later by the detail-routes test',
  });
  await api.delete(`/demands/${demand._id.$id}`);
  deleted.demand = demand._id.$id;
  const exhibitors = await api.get<{ enterprise: { _id: { $id: string } } }[]>('/exhibitors', {
    meeting_id: meetingId,
    limit: 3,
  });
  const enterprises = exhibitors.map((exhibitor) => exhibitor.enterprise);
  live.enterprise = first(enterprises, 0);
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const appointment = await api.post<Appointment>('/appointments', {
    meeting_id: meetingId,
    enterprise_id: live.enterprise,
    date: tomorrow,
    start_time: '10:00',
    end_time: '10:30',
    timezone: 'Asia/Shanghai',
    mode: 'online',
    matter: 'Deleted later by the test',
  });
  deleted.appointment = appointment._id.$id;
  // A requester deletes a request once retracted: it is gone from their side (§4).
  await api.post(`/appointments/${appointment._id.$id}/cancel`, { reason: 'Not needed' });
  await api.delete(`/appointments/${appointment._id.$id}`);

  // One real item of every other kind, to delete.
  deleted.agenda = first(await api.get<Item[]>('/meeting/agendas', { meeting_id: meetingId, limit: 1 }));
  deleted.speaker = first(await api.get<Item[]>('/meeting/speakers', { meeting_id: meetingId, limit: 1 }));
  deleted.enterprise = first(enterprises, 1);
  deleted.product = first(
    await api.get<Item[]>('/enterprise/products', {
      meeting_id: meetingId,
      query: { enterprise_id: live.enterprise },
      limit: 1,
    }),
  );
  const activities = await api.get<{ _id: { $id: string } }[]>('/activities', {
    meeting_id: meetingId,
    limit: 999,
  });
  deleted.activity = first(activities.filter((activity) => activity._id.$id !== forumId));
  // The demo introduction page (seeds/demo-pages.ts), a content page (§2 content_id).
  deleted.content = '706167650000000000000001';
  deleted.news = first(await api.get<Item[]>('/news', { meeting_id: meetingId, limit: 1 }));
  // The demo vote (seeds/demo-votes.ts) and one of its candidates.
  deleted.vote = first(await api.get<Item[]>('/votes', { meeting_id: meetingId }));
  deleted.candidate = first(
    (await api.get<{ players: Item[] }>('/vote/get', { vote_id: deleted.vote })).players,
  );

  // The demo live (seeds/demo-lives.ts): a deleted live is not listed, so its room opens /404.
  deleted.live = first(await api.get<Item[]>('/lives', { meeting_id: meetingId }));

  await server.restart((dataDir) =>
    softDelete(dataDir, [
      { table: 'agendas', id: deleted.agenda ?? '' },
      { table: 'speakers', id: deleted.speaker ?? '' },
      { table: 'enterprises', id: deleted.enterprise ?? '' },
      { table: 'products', id: deleted.product ?? '' },
      { table: 'activities', id: deleted.activity ?? '' },
      { table: 'tickets', id: deleted.ticket ?? '' },
      { table: 'news', id: deleted.news ?? '' },
      { table: 'pages', id: deleted.content ?? '' },
      { table: 'vote_players', id: deleted.candidate ?? '' },
      { table: 'votes', id: deleted.vote ?? '' },
      { table: 'lives', id: deleted.live ?? '' },
    ]),
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Case = 'missing' | 'malformed' | 'unknown' | 'deleted';

/** The address of a detail page with the item's id of one kind (undefined: left out). */
function address(route: DetailRoute, itemId: string | undefined): string {
  const query = new URLSearchParams({ meeting_id: meetingId, lang: 'en' });
  const params: Record<string, string | undefined> = {};
  for (const [name, kind] of Object.entries(route.with ?? {})) {
    if (name.endsWith('Id') && route.path.includes(`:${name}`)) params[name] = live[kind];
    else query.set(name, live[kind] ?? unknownId);
  }
  if ('param' in route.id) params[route.id.param] = itemId;
  else if (itemId !== undefined) query.set(route.id.query, itemId);
  const path = route.path
    .split('/')
    .flatMap((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return [segment];
      const value = params[param[1] ?? ''];
      return value === undefined ? [] : [encodeURIComponent(value)];
    })
    .join('/');
  return `${path}?${query.toString()}`;
}

const cases: [Case, (route: DetailRoute) => string | undefined, (route: DetailRoute) => string][] = [
  ['missing', () => undefined, () => '/404'],
  ['malformed', () => malformedId, () => '/404'],
  ['unknown', () => unknownId, () => '/404'],
  ['deleted', (route) => deleted[route.item], (route) => (route.deleted === 'not-found' ? '/404' : '/204')],
];

/**
 * The cases a page has: orders are never deleted (§4 Order states), so the 'deleted' case needs an
 * item of that kind; a page whose id is its address's last segment (/my/order/{checkoutId}) is the
 * list page without it, not a missing id.
 */
const casesOf = (route: DetailRoute) =>
  cases.filter(([kind]) => {
    if (kind === 'deleted') return route.item !== 'order';
    if (kind === 'missing') return !('param' in route.id && route.path.endsWith(`/:${route.id.param}`));
    return true;
  });

describe.each(detailRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  it.each(casesOf(route))('with a %s id opens the right status page', async (_case, id, expectedOf) => {
    errors.length = 0;
    const expected = expectedOf(route);
    const target = address(route, id(route));
    await page.goto(`${server.url}/#${target}`);
    await expect
      .poll(() => hashPath(page), { timeout: 8_000, message: `${target} should end on ${expected}` })
      .toBe(expected);
    await page.locator('main h1').waitFor();
    expect(errors.filter((error) => !/status of 40[04]/.test(error))).toEqual([]);
  });
});
