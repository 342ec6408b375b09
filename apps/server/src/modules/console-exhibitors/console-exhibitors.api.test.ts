import type {
  AppointmentsOverview,
  ApproveApplicationAnswer,
  ConsoleCategory,
  ConsoleExhibitor,
  ConsoleExhibitorApplication,
  ConsoleProduct,
  LoginResult,
} from '@app/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { appointments } from '../appointments/appointments.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { exhibitorAccounts, exhibitorPasswordTokens } from '../auth/auth.tables.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitorApplications, exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { products } from '../products/products.tables.ts';
import { loggableUrl, tokenHashOf } from './console-exhibitors.password-links.ts';

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
const base = () => `/api/console/meetings/${meetingId}`;

beforeAll(async () => {
  // The public response cache on: console writes must clear it for the pavilion to show them at once.
  world = await createDemoWorld({ cacheTtlSeconds: 60 });
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
});
afterAll(() => world.t.close());

let addresses = 0;
/** A fresh client address per call, so the per-IP throttles of the public calls never interfere. */
const nextIp = () => {
  addresses += 1;
  return `10.77.${addresses >> 8}.${addresses & 255}`;
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { as?: LoginResult | null; json?: unknown } = {},
) {
  const as = options.as === undefined ? organiser : options.as;
  return world.t.call(method, url, {
    ...(options.json !== undefined ? { json: options.json } : {}),
    headers: as ? bearer(as) : {},
    remoteAddress: nextIp(),
  });
}

async function apply(company: string, phone: string, email = ''): Promise<string> {
  const res = await call('POST', `/api/meetings/${meetingId}/exhibitor/apply`, {
    as: world.logins.user,
    json: { company, contact_name: 'Li Lei', phone, area_code: '86', email },
  });
  expect(res.statusCode, res.body).toBe(200);
  return wireIdText(res.json()._id);
}

/** The token of the newest password link sent to a recipient. */
async function tokenSentTo(recipient: string): Promise<string> {
  const [row] = await world.t.database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const token = row ? /[?&]key=([A-Za-z0-9_-]{43})/.exec(row.body)?.[1] : undefined;
  if (!token) throw new Error(`no password link sent to ${recipient}: ${row?.body}`);
  return token;
}

async function auditRows(entity: string, entityId: string): Promise<number> {
  const [row] = await world.t.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), eq(auditLog.meetingId, meetingId)),
    );
  return row?.n ?? 0;
}

async function listExhibitors(keyword?: string): Promise<{ items: ConsoleExhibitor[]; total: number }> {
  const res = await call('GET', apiUrl(`/console/meetings/${meetingId}/exhibitors`, { keyword, limit: 200 }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the application inbox', () => {
  let approved: ApproveApplicationAnswer;
  let applicationId: string;

  it('approves an exhibitor application so that the exhibitor can log in', async () => {
    applicationId = await apply('Acme Robotics', '13800138101', 'acme@example.org');
    const inbox = await call(
      'GET',
      apiUrl(`/console/meetings/${meetingId}/exhibitor_applications`, { status: 0 }),
    );
    expect(inbox.statusCode, inbox.body).toBe(200);
    const waiting = inbox.json() as { items: ConsoleExhibitorApplication[]; counts: { waiting: number } };
    expect(waiting.items.map((item) => item._id.$id)).toContain(applicationId);
    expect(waiting.counts.waiting).toBeGreaterThanOrEqual(1);

    const res = await call('POST', `${base()}/exhibitor_applications/${applicationId}/approve`, {
      json: { account: 'Acme-Robotics', lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    approved = res.json();
    expect(approved).toMatchObject({
      account: 'acme-robotics',
      application: { status: 1, account: 'acme-robotics' },
    });

    const db = world.t.database.db;
    const enterpriseId = wireIdText(approved.enterprise_id);
    const [enterprise] = await db.select().from(enterprises).where(eq(enterprises.id, enterpriseId));
    // The applicant's own phone is not published on the enterprise's public page.
    expect(enterprise).toMatchObject({ title: 'Acme Robotics', phone: '', email: '' });
    const [exhibitor] = await db.select().from(exhibitors).where(eq(exhibitors.enterpriseId, enterpriseId));
    expect(exhibitor).toMatchObject({ meetingId, isShown: 1, id: wireIdText(approved.exhibitor_id) });
    const [account] = await db
      .select()
      .from(exhibitorAccounts)
      .where(eq(exhibitorAccounts.enterpriseId, enterpriseId));
    expect(account).toMatchObject({ meetingId, account: 'acme-robotics', enabled: 1 });
    const [application] = await db
      .select()
      .from(exhibitorApplications)
      .where(eq(exhibitorApplications.id, applicationId));
    expect(application).toMatchObject({ status: 1, enterpriseId, reviewedBy: wireIdText(organiser.user_id) });
    expect(await auditRows('exhibitor_application', applicationId)).toBe(1);

    // The link went by SMS and by mail, through the outbox.
    const smsToken = await tokenSentTo('+8613800138101');
    expect(await tokenSentTo('acme@example.org')).toBe(smsToken);
    const [sms] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+8613800138101'))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(sms?.body).toContain('acme-robotics');
    expect(sms?.body).toContain('#/meeting/exhibitor/password?key=');

    // The link shows the account, sets the password once, and the account then logs in.
    const info = await call('GET', `/api/exhibitor/password_links/${smsToken}`, { as: null });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ account: 'acme-robotics', meeting: { _id: { $id: meetingId } } });
    const set = await call('POST', `/api/exhibitor/password_links/${smsToken}`, {
      as: null,
      json: { password: 'Robots-2030!' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await call('POST', '/api/tokens/exhibitor', {
      as: null,
      json: { account: 'Acme-Robotics', password: 'Robots-2030!', meeting_id: meetingId },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toHaveProperty('token');

    // A used link is refused.
    expect((await call('GET', `/api/exhibitor/password_links/${smsToken}`, { as: null })).statusCode).toBe(
      410,
    );
    const again = await call('POST', `/api/exhibitor/password_links/${smsToken}`, {
      as: null,
      json: { password: 'Another-2030!' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'password_link.expired' });
  });

  it('refuses to approve twice', async () => {
    const res = await call('POST', `${base()}/exhibitor_applications/${applicationId}/approve`, { json: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'exhibitor_application.reviewed' });
  });

  it('refuses an account name already used in the meeting', async () => {
    const id = await apply('Acme Robotics', '13800138102');
    const res = await call('POST', `${base()}/exhibitor_applications/${id}/approve`, {
      json: { account: 'acme-robotics' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict.already_used', details: [{ path: 'body/account' }] });
  });

  it('refuses an expired or unknown link', async () => {
    const id = await apply('Beta Foods', '13800138103');
    const res = await call('POST', `${base()}/exhibitor_applications/${id}/approve`, { json: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ account: 'beta foods' });
    const token = await tokenSentTo('+8613800138103');
    await world.t.database.db
      .update(exhibitorPasswordTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(exhibitorPasswordTokens.tokenHash, tokenHashOf(token)));
    expect((await call('GET', `/api/exhibitor/password_links/${token}`, { as: null })).statusCode).toBe(410);
    const set = await call('POST', `/api/exhibitor/password_links/${token}`, {
      as: null,
      json: { password: 'Expired-2030!' },
    });
    expect(set.statusCode).toBe(410);
    const unknown = 'A'.repeat(43);
    expect((await call('GET', `/api/exhibitor/password_links/${unknown}`, { as: null })).statusCode).toBe(
      404,
    );
  });

  it('throttles wrong links per IP but never refuses the right one from that IP', async () => {
    const id = await apply('Delta Tools', '13800138105');
    const res = await call('POST', `${base()}/exhibitor_applications/${id}/approve`, { json: {} });
    expect(res.statusCode, res.body).toBe(200);
    const token = await tokenSentTo('+8613800138105');
    // Strangers on the exhibitor's network (one venue Wi-Fi address) try wrong links until made to wait.
    const venue = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const wrong = await world.t.call('POST', `/api/exhibitor/password_links/${`B${i}`.padEnd(43, 'x')}`, {
        json: { password: 'Guessing-2030!' },
        remoteAddress: venue,
      });
      statuses.push(wrong.statusCode);
    }
    expect(statuses).toContain(429);
    const info = await world.t.call('GET', `/api/exhibitor/password_links/${token}`, {
      remoteAddress: venue,
    });
    expect(info.statusCode, info.body).toBe(200);
    const set = await world.t.call('POST', `/api/exhibitor/password_links/${token}`, {
      json: { password: 'Delta-2030!' },
      remoteAddress: venue,
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('keeps the secret of a password link out of the access log', () => {
    const token = 'k'.repeat(43);
    expect(loggableUrl(`/api/exhibitor/password_links/${token}`)).toBe('/api/exhibitor/password_links/…');
    expect(loggableUrl(`/api/exhibitor/password_links/${token}?x=1`)).not.toContain(token);
    expect(loggableUrl('/api/console/meetings/abc/exhibitors?limit=5')).toBe(
      '/api/console/meetings/abc/exhibitors?limit=5',
    );
  });

  it('rejects with a reason, stored and sent', async () => {
    const id = await apply('Gamma Toys', '13800138104');
    const res = await call('POST', `${base()}/exhibitor_applications/${id}/reject`, {
      json: { reason: 'The halls are full' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 2, reason: 'The halls are full' });
    const [row] = await world.t.database.db
      .select()
      .from(exhibitorApplications)
      .where(eq(exhibitorApplications.id, id));
    expect(row).toMatchObject({ status: 2, reason: 'The halls are full' });
    const [sms] = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+8613800138104'));
    expect(sms?.body).toContain('The halls are full');
    expect(await auditRows('exhibitor_application', id)).toBe(1);
    const approve = await call('POST', `${base()}/exhibitor_applications/${id}/approve`, { json: {} });
    expect(approve.statusCode).toBe(409);
    const empty = await call('POST', `${base()}/exhibitor_applications/${id}/reject`, {
      json: { reason: '' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('resets a password with a new link, retiring the old ones', async () => {
    const exhibitorId = wireIdText(approved.exhibitor_id);
    const res = await call('POST', `${base()}/exhibitors/${exhibitorId}/password_reset`, {
      json: { lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ account: 'acme-robotics' });
    expect(res.json().sent_to).toHaveLength(2);
    const token = await tokenSentTo('+8613800138101');
    const set = await call('POST', `/api/exhibitor/password_links/${token}`, {
      as: null,
      json: { password: 'Robots-2031!' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await call('POST', '/api/tokens/exhibitor', {
      as: null,
      json: { account: 'acme-robotics', password: 'Robots-2031!', meeting_id: meetingId },
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('a password set through a link ends the sessions and bindings the old password opened', async () => {
    const login = await call('POST', '/api/tokens/exhibitor', {
      as: null,
      json: { account: 'acme-robotics', password: 'Robots-2031!', meeting_id: meetingId },
    });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json() as LoginResult;
    const bind = await call('POST', '/api/exhibitor/bindings', {
      as: world.logins.user,
      json: { meeting_id: meetingId, account: 'acme-robotics', password: 'Robots-2031!' },
    });
    expect(bind.statusCode, bind.body).toBe(200);
    expect((await call('GET', '/api/users/me', { as: session })).statusCode).toBe(200);

    const reset = await call(
      'POST',
      `${base()}/exhibitors/${wireIdText(approved.exhibitor_id)}/password_reset`,
      {
        json: {},
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    // Resetting alone keeps everything working until the link is used.
    expect((await call('GET', '/api/users/me', { as: session })).statusCode).toBe(200);
    const token = await tokenSentTo('+8613800138101');
    const set = await call('POST', `/api/exhibitor/password_links/${token}`, {
      as: null,
      json: { password: 'Robots-2032!' },
    });
    expect(set.statusCode, set.body).toBe(200);

    const revoked = await call('GET', '/api/users/me', { as: session });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toMatchObject({ code: 'token.invalid' });
    const binding = await call('GET', apiUrl('/exhibitor/bindings', { meeting_id: meetingId }), {
      as: world.logins.user,
    });
    expect(binding.statusCode, binding.body).toBe(200);
    expect(binding.json()).toEqual({ binding: null });
    // The user's own session is untouched.
    expect((await call('GET', '/api/users/me', { as: world.logins.user })).statusCode).toBe(200);
  });
});

describe('enterprises, exhibitors and products', () => {
  it('edits with the updated_at read, and refuses a stale one with 409', async () => {
    const { items } = await listExhibitors();
    const target = items[0];
    if (!target) throw new Error('the demo meeting has no exhibitors');
    const url = `${base()}/exhibitors/${target._id.$id}`;
    const first = await call('PUT', url, {
      json: { updated_at_ms: target.updated_at_ms, booth: 'Z-9', weight: 77 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ booth: 'Z-9', weight: 77 });
    expect(first.json().updated_at_ms).toBeGreaterThan(target.updated_at_ms);
    const stale = await call('PUT', url, { json: { updated_at_ms: target.updated_at_ms, booth: 'Y-1' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict.stale' });
    expect(await auditRows('exhibitor', target._id.$id)).toBe(1);

    const enterpriseUrl = `${base()}/enterprises/${target.enterprise_id.$id}`;
    const renamed = await call('PUT', enterpriseUrl, {
      json: { updated_at_ms: target.enterprise_updated_at_ms, title: { en: 'Renamed Ltd', zh: '改名公司' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: { en: 'Renamed Ltd' } });
    const staleEnterprise = await call('PUT', enterpriseUrl, {
      json: { updated_at_ms: target.enterprise_updated_at_ms, website: 'https://example.org' },
    });
    expect(staleEnterprise.statusCode).toBe(409);
    expect(await auditRows('enterprise', target.enterprise_id.$id)).toBe(1);
    expect((await listExhibitors('改名')).items.map((item) => item._id.$id)).toEqual([target._id.$id]);
  });

  it('hides and shows an exhibitor in the public pavilion at once', async () => {
    const { items } = await listExhibitors();
    const target = items.find((item) => item.is_shown === 1);
    if (!target) throw new Error('no shown exhibitor');
    const pavilion = async () => {
      const res = await call('GET', apiUrl('/exhibitors', { meeting_id: meetingId, limit: 999 }), {
        as: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as { _id: { $id: string } }[]).map((item) => item._id.$id);
    };
    expect(await pavilion()).toContain(target._id.$id);
    const hidden = await call('PUT', `${base()}/exhibitors/${target._id.$id}`, {
      json: { updated_at_ms: target.updated_at_ms, is_shown: 0 },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await pavilion()).not.toContain(target._id.$id);
    const shown = await call('PUT', `${base()}/exhibitors/${target._id.$id}`, {
      json: { updated_at_ms: hidden.json().updated_at_ms, is_shown: 1 },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await pavilion()).toContain(target._id.$id);
  });

  it("changes a product's weight and hides it from the public list", async () => {
    const { items } = await listExhibitors();
    const owner = items.find((item) => item.products_total > 0 && item.is_shown === 1);
    if (!owner) throw new Error('no exhibitor with products');
    const list = await call('GET', `${base()}/enterprises/${owner.enterprise_id.$id}/products`);
    expect(list.statusCode, list.body).toBe(200);
    const product = (list.json().items as ConsoleProduct[]).find((item) => item.is_shown === 1);
    if (!product) throw new Error('no shown product');
    const res = await call('PUT', `${base()}/products/${product._id.$id}`, {
      json: { updated_at_ms: product.updated_at_ms, weight: 5, is_shown: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ weight: 5, is_shown: 0 });
    const publicList = await call(
      'GET',
      apiUrl('/enterprise/products', {
        meeting_id: meetingId,
        enterprise_id: owner.enterprise_id.$id,
        limit: 999,
      }),
      { as: null },
    );
    expect(publicList.statusCode, publicList.body).toBe(200);
    const publicIds = (publicList.json().results as { _id: { $id: string } }[]).map((item) => item._id.$id);
    expect(publicIds).not.toContain(product._id.$id);
    const stale = await call('PUT', `${base()}/products/${product._id.$id}`, {
      json: { updated_at_ms: product.updated_at_ms, is_shown: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(await auditRows('product', product._id.$id)).toBe(1);
  });

  it('hides a product from every public read without deleting it, and shows it again', async () => {
    const { items } = await listExhibitors();
    const owner = items.find((item) => item.products_total > 1 && item.is_shown === 1);
    if (!owner) throw new Error('no exhibitor with products');
    const enterpriseId = owner.enterprise_id.$id;
    const consoleList = async () => {
      const res = await call('GET', `${base()}/enterprises/${enterpriseId}/products`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as ConsoleProduct[];
    };
    const product = (await consoleList()).find((item) => item.is_shown === 1);
    if (!product) throw new Error('no shown product');
    const id = product._id.$id;
    const user = world.logins.user;
    const liked = await call('POST', '/api/enterprise/product/likes', { as: user, json: { product_id: id } });
    expect(liked.statusCode, liked.body).toBe(200);
    const ids = async (url: string, as: LoginResult | null = null) => {
      const res = await call('GET', url, { as });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as { _id: { $id: string } }[]).map((item) => item._id.$id);
    };
    const scope = { meeting_id: meetingId, enterprise_id: enterpriseId };
    const count = async () => {
      const res = await call('GET', apiUrl('/enterprise/products/count', scope), { as: null });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    const detail = async () => {
      const res = await call(
        'GET',
        apiUrl('/enterprise/products', { query: JSON.stringify({ _id: id }), meeting_id: meetingId }),
        {
          as: null,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results as { _id: { $id: string }; deleted: 0 | 1 }[];
    };
    const keyword =
      typeof product.title === 'string'
        ? product.title
        : (product.title.en ?? Object.values(product.title)[0]);
    if (!keyword) throw new Error('a product without a title');
    const reads = async () => ({
      list: await ids(apiUrl('/enterprise/products', { ...scope, limit: 999 })),
      pavilion: await ids(apiUrl('/exhibitors/products', { ...scope, limit: 999 })),
      search: await ids(
        apiUrl('/enterprise/products/search', { keyword, meeting_id: meetingId, limit: 999 }),
      ),
      likes: await ids(apiUrl('/enterprise/product/likes', { meeting_id: meetingId }), user),
    });
    const shownReads = await reads();
    for (const found of Object.values(shownReads)) expect(found).toContain(id);
    const shownCount = await count();
    expect((await detail())[0]).toMatchObject({ _id: { $id: id }, deleted: 0 });

    const hidden = await call('PUT', `${base()}/products/${id}`, {
      json: { updated_at_ms: product.updated_at_ms, is_shown: 0 },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ is_shown: 0 });
    for (const found of Object.values(await reads())) expect(found).not.toContain(id);
    expect(await count()).toBe(shownCount - 1);
    // The product page answers a hidden product like a deleted one (deleted = 1: the /204 page).
    expect((await detail())[0]).toMatchObject({ _id: { $id: id }, deleted: 1 });
    const view = await call('POST', `/api/exhibitors/products/${id}/views`, { as: null, json: {} });
    expect(view.statusCode).toBe(404);
    const [row] = await world.t.database.db
      .select({ deleted: products.deleted, isShown: products.isShown })
      .from(products)
      .where(eq(products.id, id));
    expect(row).toEqual({ deleted: 0, isShown: 0 });
    // The console still lists it, hidden, and counts it.
    expect((await consoleList()).find((item) => item._id.$id === id)).toMatchObject({ is_shown: 0 });
    expect(
      (await listExhibitors()).items.find((item) => item._id.$id === owner._id.$id)?.products_total,
    ).toBe(owner.products_total);

    const shown = await call('PUT', `${base()}/products/${id}`, {
      json: { updated_at_ms: hidden.json().updated_at_ms, is_shown: 1 },
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ is_shown: 1 });
    expect(await reads()).toEqual(shownReads);
    expect(await count()).toBe(shownCount);
    expect((await detail())[0]).toMatchObject({ deleted: 0 });
    expect(await auditRows('product', id)).toBe(2);
  });
});

describe('industries and exhibitor groups', () => {
  it('adds, edits, lists by weight and deletes, each audited', async () => {
    const created = await call('POST', `${base()}/exhibitor_categories`, {
      json: { type: 'industry', title: { en: 'Aerospace' }, weight: 1000 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const category = created.json() as ConsoleCategory;
    const list = async () => {
      const res = await call(
        'GET',
        apiUrl(`/console/meetings/${meetingId}/exhibitor_categories`, { type: 'industry' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as ConsoleCategory[];
    };
    expect((await list())[0]?._id.$id).toBe(category._id.$id);
    const edited = await call('PUT', `${base()}/exhibitor_categories/${category._id.$id}`, {
      json: { weight: -5, title: { en: 'Aerospace & Drones' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list()).at(-1)?._id.$id).toBe(category._id.$id);
    const publicList = await call('GET', apiUrl('/industry/categories', { meeting_id: meetingId }), {
      as: null,
    });
    expect(JSON.stringify(publicList.json())).toContain('Aerospace & Drones');
    const removed = await call('DELETE', `${base()}/exhibitor_categories/${category._id.$id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).map((item) => item._id.$id)).not.toContain(category._id.$id);
    expect(await auditRows('category', category._id.$id)).toBe(3);
  });
});

describe('appointments overview', () => {
  it('counts by state and per exhibitor as SQL does, and exports CSV', async () => {
    const db = world.t.database.db;
    const [exhibitor] = await db
      .select()
      .from(exhibitors)
      .where(eq(exhibitors.meetingId, meetingId))
      .limit(1);
    if (!exhibitor) throw new Error('no exhibitor');
    const requester = wireIdText(world.logins.participant.user_id);
    const day = Date.now() + 400 * 86_400_000;
    for (const [index, status] of ([0, 1, 2, 3, 4, 4] as const).entries()) {
      await db.insert(appointments).values({
        id: newId(),
        meetingId,
        enterpriseId: exhibitor.enterpriseId,
        requesterUserId: requester,
        start: new Date(day + index * 3_600_000),
        end: new Date(day + index * 3_600_000 + 1_800_000),
        timezone: 'Asia/Shanghai',
        mode: 'online',
        matter: index === 0 ? '=cmd, "quoted"' : 'Talk',
        status,
      });
    }
    const res = await call('GET', `${base()}/appointments/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json() as AppointmentsOverview;
    const byStatus = await db
      .select({ status: appointments.status, n: count() })
      .from(appointments)
      .where(eq(appointments.meetingId, meetingId))
      .groupBy(appointments.status);
    const sqlCount = (status: number) => byStatus.find((row) => row.status === status)?.n ?? 0;
    expect(overview.states).toEqual({
      applying: sqlCount(0),
      accepted: sqlCount(1),
      ignored: sqlCount(2),
      retracted: sqlCount(3),
      cancelled: sqlCount(4),
      total: byStatus.reduce((sum, row) => sum + row.n, 0),
    });
    const [own] = await db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(eq(appointments.meetingId, meetingId), eq(appointments.enterpriseId, exhibitor.enterpriseId)),
      );
    const entry = overview.exhibitors.find((item) => item.enterprise_id.$id === exhibitor.enterpriseId);
    expect(entry?.total).toBe(own?.n);
    expect(overview.exhibitors.reduce((sum, item) => sum + item.total, 0)).toBe(overview.states.total);

    const csv = await call('GET', `${base()}/appointments/export`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,exhibitor,requester/);
    expect(lines).toHaveLength(overview.states.total + 1);
    expect(csv.body).toContain(`"'=cmd, ""quoted"""`);
  });
});

describe('permissions', () => {
  it('refuses roles without exhibitor.manage / appointment.read with 403 no_permission', async () => {
    for (const role of ['checkin', 'exhibitor', 'otherOrganiser'] as const) {
      const as = world.logins[role];
      for (const url of [
        `${base()}/exhibitor_applications`,
        `${base()}/exhibitors`,
        `${base()}/exhibitor_categories`,
        `${base()}/appointments/overview`,
      ]) {
        const res = await call('GET', url, { as });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'no_permission' });
      }
    }
    const { items } = await listExhibitors();
    const target = items[0];
    if (!target) throw new Error('no exhibitor');
    const res = await call('PUT', `${base()}/exhibitors/${target._id.$id}`, {
      as: world.logins.checkin,
      json: { updated_at_ms: target.updated_at_ms, weight: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', `${base()}/exhibitors`, { as: null })).statusCode).toBe(401);
  });
});
