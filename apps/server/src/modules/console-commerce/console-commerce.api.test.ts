import type {
  CommerceRevenue,
  CommerceSettings,
  ConsoleCoupon,
  ConsoleOrderDetail,
  LoginResult,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { newId } from '../../db/ids.ts';
import { recordSandboxOutcome } from '../../providers/payment/sandbox-payment.ts';
import { demoActivityIds, demoPriceIds } from '../../seeds/demo-activities.ts';
import { insertStaff } from '../activities/activities.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { commerceSettings, coupons, discounts } from '../orders/orders.tables.ts';
import { insertUserIfFree } from '../users/users.repository.ts';
import { signIn } from '../users/users.service.ts';
import { insertOrder, insertRefund } from './console-commerce.fixtures.ts';

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
let finance: LoginResult;
let buyerId: string;
const base = () => `/api/console/meetings/${meetingId}/commerce`;

let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.77.${addresses >> 8}.${addresses & 255}`;
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { as?: LoginResult | null; json?: unknown; form?: Record<string, string> } = {},
) {
  const as = options.as === undefined ? organiser : options.as;
  return world.t.call(method, url, {
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.form !== undefined ? { form: options.form } : {}),
    headers: as ? bearer(as) : {},
    remoteAddress: nextIp(),
  });
}

const forum = demoActivityIds.forum;
const forumPrice = demoPriceIds.forumStandard;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
  buyerId = wireIdText(world.logins.participant.user_id);
  const db = world.t.database.db;
  await db.update(meetings).set({ timeZone: 'Asia/Shanghai' }).where(eq(meetings.id, meetingId));
  await insertStaff(db, { meetingId, phone: '+8613900139077', role: 'finance' });
  const user = await insertUserIfFree(db, {
    id: newId(),
    username: 'Fin Ance',
    phone: '+8613900139077',
    areaCode: '86',
  });
  if (!user) throw new Error('finance user exists');
  finance = await signIn({ db, config: world.t.app.deps.config }, { user, meetingId, method: 'phone' });
});
afterAll(() => world.t.close());

describe('console commerce: orders (§3 Order, §4 Order)', () => {
  let first: { orderId: string; lineIds: string[]; paymentId: string };
  beforeAll(async () => {
    const db = world.t.database.db;
    // 2026-03-01 23:30 in Shanghai is 15:30 UTC the same day; 2026-03-02 00:30 Shanghai is 16:30 UTC on 03-01.
    first = await insertOrder(db, {
      meetingId,
      userId: buyerId,
      number: '2026030100000001',
      channel: 'wechat_native',
      createdAt: at('2026-03-01T15:30:00Z'),
      lines: [
        {
          activityId: forum,
          priceId: forumPrice,
          name: '张三',
          phone: '13800138001',
          email: 'zhang@example.org',
          unitAmount: 12_345,
        },
        {
          activityId: forum,
          priceId: forumPrice,
          name: 'Li, "Si"',
          unitAmount: 5_000,
          discount: 1_000,
          couponCode: 'SPRING',
        },
      ],
    });
    await insertOrder(db, {
      meetingId,
      userId: buyerId,
      number: '2026030200000002',
      channel: 'alipay_wap',
      createdAt: at('2026-03-01T16:30:00Z'),
      lines: [
        {
          activityId: forum,
          priceId: forumPrice,
          name: 'Wang Wu',
          email: 'wang@example.org',
          unitAmount: 8_000,
        },
      ],
    });
    await insertOrder(db, {
      meetingId,
      userId: buyerId,
      number: '2026030300000003',
      status: 'pending',
      createdAt: at('2026-03-03T02:00:00Z'),
      lines: [{ activityId: forum, priceId: forumPrice, name: '=cmd()', unitAmount: 100 }],
    });
  });

  it('lists newest first with the buyer, total and channels; searches and filters', async () => {
    const res = await call('GET', `${base()}/orders`, { as: finance });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((o: { number: string }) => o.number)).toEqual([
      '2026030300000003',
      '2026030200000002',
      '2026030100000001',
    ]);
    expect(body.items[2]).toMatchObject({
      name: '张三',
      phone: '13800138001',
      status: 'done',
      total: 12_345 + 4_000,
      paid_amount: 16_345,
      pay_channel: 'wechat_native',
      lines_count: 2,
    });
    expect(body.channels).toEqual(['alipay_wap', 'sandbox', 'wechat_native']);
    const numbers = async (query: string) =>
      (await call('GET', `${base()}/orders?${query}`)).json().items.map((o: { number: string }) => o.number);
    expect(await numbers('q=zhang%40example')).toEqual(['2026030100000001']);
    expect(await numbers('q=%E5%BC%A0')).toEqual(['2026030100000001']);
    expect(await numbers('q=0000002')).toEqual(['2026030200000002']);
    expect(await numbers('q=138001')).toEqual(['2026030100000001']);
    expect(await numbers('q=Li%2C')).toEqual(['2026030100000001']);
    expect(await numbers('q=%25')).toEqual([]);
    expect(await numbers('status=pending')).toEqual(['2026030300000003']);
    expect(await numbers('channel=alipay_wap')).toEqual(['2026030200000002']);
    // Days are Shanghai days: 16:30 UTC on 03-01 is 00:30 on 03-02 there.
    expect(await numbers('from=2026-03-01&to=2026-03-01')).toEqual(['2026030100000001']);
    expect(await numbers('from=2026-03-02&to=2026-03-02')).toEqual(['2026030200000002']);
    expect(await numbers('from=2026-03-02')).toEqual(['2026030300000003', '2026030200000002']);
    const paged = (await call('GET', `${base()}/orders?limit=1&skip=1`)).json();
    expect(paged.total).toBe(3);
    expect(paged.items.map((o: { number: string }) => o.number)).toEqual(['2026030200000002']);
  });

  it('refuses bad filters, naming the field', async () => {
    for (const [query, field] of [
      ['status=paid', 'status'],
      ['from=2026-13-01', 'from'],
      ['from=2026-02-31', 'from'],
      ['to=0000-01-01', 'to'],
      ['to=yesterday', 'to'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
    ]) {
      const res = await call('GET', `${base()}/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.body).toContain(field);
    }
  });

  it('answers one order with lines, payments and refunds; 404 for another meeting', async () => {
    const res = await call('GET', `${base()}/orders/${first.orderId}`, { as: finance });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as ConsoleOrderDetail;
    expect(detail.lines.map((l) => [l.name, l.unit_amount, l.discount, l.amount, l.coupon_code])).toEqual([
      ['张三', 12_345, 0, 12_345, ''],
      ['Li, "Si"', 5_000, 1_000, 4_000, 'SPRING'],
    ]);
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ channel: 'wechat_native', amount: 16_345, status: 'paid' });
    expect(detail.refundable).toBe(16_345);
    expect(detail.lines[0]?.activity_title).toBeTruthy();
    expect((await call('GET', `${base()}/orders/${'f'.repeat(24)}`)).statusCode).toBe(404);
    const other = `/api/console/meetings/6f746865720000000000aaaa/commerce/orders/${first.orderId}`;
    expect((await call('GET', other, { as: world.logins.otherOrganiser })).statusCode).toBe(404);
  });

  it('exports CSV with a BOM, one row per line, yuan with 2 decimals, formulas defused', async () => {
    const res = await call('GET', `${base()}/orders/export?lang=en`, { as: finance });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('.csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]?.split(',')[0]).toBe('order_number');
    expect(lines).toHaveLength(1 + 4);
    const mine = lines.filter((l) => l.startsWith('2026030100000001'));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toContain(',163.45,163.45,0.00,');
    expect(mine[0]).toContain(',张三,13800138001,zhang@example.org,123.45,0.00,123.45,,0.00,0');
    expect(mine[1]).toContain(',"Li, ""Si""",,,50.00,10.00,40.00,SPRING,0.00,0');
    // Created at 15:30 UTC = 23:30 in Shanghai.
    expect(mine[0]).toContain(',2026-03-01 23:30:00,');
    expect(lines.find((l) => l.startsWith('2026030300000003'))).toContain(",'=cmd(),");
    const filtered = await call('GET', `${base()}/orders/export?status=pending`);
    expect(
      filtered.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(2);
  });

  it('answers the revenue by Shanghai day and channel, with refunds and totals', async () => {
    const db = world.t.database.db;
    await insertRefund(db, {
      orderId: first.orderId,
      paymentId: first.paymentId,
      amount: 2_345,
      at: at('2026-03-02T01:00:00Z'),
      paidAmount: 16_345,
    });
    const res = await call('GET', `${base()}/revenue?from=2026-03-01&to=2026-03-03`, { as: finance });
    expect(res.statusCode, res.body).toBe(200);
    const revenue = res.json() as CommerceRevenue;
    expect(revenue.time_zone).toBe('Asia/Shanghai');
    expect(revenue.rows).toEqual([
      { date: '2026-03-01', channel: 'wechat_native', paid: 16_345, refunded: 0, net: 16_345 },
      { date: '2026-03-02', channel: 'alipay_wap', paid: 8_000, refunded: 0, net: 8_000 },
      { date: '2026-03-02', channel: 'wechat_native', paid: 0, refunded: 2_345, net: -2_345 },
    ]);
    expect(revenue.days).toEqual([
      { date: '2026-03-01', paid: 16_345, refunded: 0, net: 16_345 },
      { date: '2026-03-02', paid: 8_000, refunded: 2_345, net: 5_655 },
      { date: '2026-03-03', paid: 0, refunded: 0, net: 0 },
    ]);
    expect(revenue.totals).toEqual({ paid: 24_345, refunded: 2_345, net: 22_000 });
    const one = (
      await call('GET', `${base()}/revenue?from=2026-03-02&to=2026-03-02`)
    ).json() as CommerceRevenue;
    expect(one.totals).toEqual({ paid: 8_000, refunded: 2_345, net: 5_655 });
    for (const [query, field] of [
      ['from=2026-03-02', 'to'],
      ['from=2026-03-03&to=2026-03-01', 'to'],
      ['from=2025-01-01&to=2026-03-01', 'to'],
      ['from=x&to=2026-03-01', 'from'],
    ]) {
      const bad = await call('GET', `${base()}/revenue?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.body).toContain(field);
    }
  });

  it('keeps orders to finance.read holders', async () => {
    for (const role of ['user', 'participant', 'checkin', 'otherOrganiser'] as const) {
      const res = await call('GET', `${base()}/orders`, { as: world.logins[role] });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await call('GET', `${base()}/orders/export`, { as: world.logins.checkin })).statusCode).toBe(403);
    expect((await call('GET', `${base()}/orders`, { as: null })).statusCode).toBe(401);
  });
});

describe('console commerce: payment settings (credentials write-only)', () => {
  it('answers defaults, saves with the version read, seals credentials and never answers them', async () => {
    const initial = await call('GET', `${base()}/settings`, { as: finance });
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toMatchObject({
      payment_provider: 'sandbox',
      currency: 'CNY',
      payment_window_minutes: 15,
      enable_invoice: 0,
      version: 1,
    });
    // finance may read, not save (finance.settings: owners and organisers).
    const refused = await call('PUT', `${base()}/settings`, {
      as: finance,
      json: {
        payment_provider: 'sandbox',
        currency: 'CNY',
        payment_window_minutes: 10,
        enable_invoice: 0,
        version: 1,
      },
    });
    expect(refused.statusCode).toBe(403);

    const stripe = { secret_key: 'sk_test_abcdefgh12345678', webhook_secret: 'whsec_abcdefgh12345678' };
    const saved = await call('PUT', `${base()}/settings`, {
      json: {
        payment_provider: 'stripe',
        currency: 'usd',
        payment_window_minutes: 30,
        enable_invoice: 1,
        seller: { name: 'Demo Ltd', taxpayer_number: '91350100M000100Y43', address: 'Fuzhou' },
        credentials: { stripe },
        version: 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = saved.json() as CommerceSettings;
    expect(settings).toMatchObject({
      payment_provider: 'stripe',
      currency: 'USD',
      payment_window_minutes: 30,
      enable_invoice: 1,
      seller: { name: 'Demo Ltd' },
      version: 2,
    });
    expect(settings.credentials_set.stripe).toEqual({ secret_key: true, webhook_secret: true });
    expect(saved.body).not.toContain('sk_test_abcdefgh12345678');
    const [row] = await world.t.database.db
      .select()
      .from(commerceSettings)
      .where(eq(commerceSettings.meetingId, meetingId));
    expect(row?.credentialsCiphertext?.startsWith('v1:')).toBe(true);
    expect(row?.credentialsCiphertext).not.toContain('sk_test');
    expect(row?.paymentWindowSeconds).toBe(1800);
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'commerce_settings'));
    expect(JSON.stringify(audit)).not.toContain('sk_test_abcdefgh12345678');

    // An empty field keeps the stored value; a stale version is refused; the row is unchanged.
    const keep = await call('PUT', `${base()}/settings`, {
      json: {
        payment_provider: 'stripe',
        currency: 'USD',
        payment_window_minutes: 20,
        enable_invoice: 1,
        credentials: { stripe: { secret_key: '', webhook_secret: '' } },
        version: 2,
      },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().credentials_set.stripe).toEqual({ secret_key: true, webhook_secret: true });
    expect(keep.json().seller.name).toBe('Demo Ltd');
    const stale = await call('PUT', `${base()}/settings`, {
      json: {
        payment_provider: 'sandbox',
        currency: 'CNY',
        payment_window_minutes: 5,
        enable_invoice: 0,
        version: 2,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict.stale');
    expect((await call('GET', `${base()}/settings`)).json()).toMatchObject({
      payment_window_minutes: 20,
      version: 3,
    });
  });

  it('refuses bad input, naming each field, and leaves the settings unchanged', async () => {
    const before = (await call('GET', `${base()}/settings`)).json() as CommerceSettings;
    const good = {
      payment_provider: 'sandbox',
      currency: 'CNY',
      payment_window_minutes: 15,
      enable_invoice: 0,
      version: before.version,
    };
    for (const [patch, field] of [
      [{ payment_provider: 'paypal' }, 'payment_provider'],
      [{ currency: 'yuan' }, 'currency'],
      [{ payment_window_minutes: 0 }, 'payment_window_minutes'],
      [{ payment_window_minutes: 1441 }, 'payment_window_minutes'],
      [{ enable_invoice: 2 }, 'enable_invoice'],
      [{ version: 0 }, 'version'],
      [{ extra: 1 }, 'extra'],
    ] as const) {
      const res = await call('PUT', `${base()}/settings`, { json: { ...good, ...patch } });
      expect(res.statusCode, field).toBe(400);
      expect(res.body, field).toContain(field);
    }
    // Wechat Pay without its fields: each missing field named, nothing saved.
    const wechat = await call('PUT', `${base()}/settings`, {
      json: { ...good, payment_provider: 'wechatpay', credentials: { wechatpay: { mchid: 'abc' } } },
    });
    expect(wechat.statusCode).toBe(400);
    expect(wechat.json().code).toBe('payment.credentials_invalid');
    for (const field of ['mchid', 'appid', 'serial_no', 'private_key', 'apiv3_key'])
      expect(wechat.body).toContain(field);
    expect((await call('GET', `${base()}/settings`)).json()).toEqual(before);
  });
});

describe('console commerce: coupons and discounts (§3 Discount, §9 types)', () => {
  const coupon = (fields: Record<string, unknown>) => ({
    code: 'spring-10',
    title: { en: 'Spring', zh: '春季' },
    type: 1,
    discount_rate: 10,
    total_limit: 100,
    per_user_limit: 1,
    is_public: 1,
    ...fields,
  });

  it('creates, lists, replaces and deletes coupons; codes upper-cased and unique per meeting', async () => {
    const created = await call('POST', `${base()}/coupons`, { as: finance, json: coupon({}) });
    expect(created.statusCode, created.body).toBe(200);
    const c = created.json() as ConsoleCoupon;
    expect(c).toMatchObject({ code: 'SPRING-10', type: 1, discount_rate: 10, used_total: 0, is_public: 1 });
    const dup = await call('POST', `${base()}/coupons`, { json: coupon({ code: 'Spring-10' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('coupon.code_taken');

    const form = await call('POST', `${base()}/coupons`, {
      form: {
        code: 'vip',
        type: '3',
        promotion_threshold: '10000',
        promotion_amount: '2000',
        activity_id: forum,
        price_ids: forumPrice,
        starts_at: '1767225600',
        ends_at: '1798761600',
      },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({
      code: 'VIP',
      type: 3,
      promotion_threshold: 10_000,
      promotion_amount: 2_000,
      discount_rate: 0,
      activity_id: { $id: forum },
      price_ids: [forumPrice],
      starts_at: 1_767_225_600,
      ends_at: 1_798_761_600,
    });

    const replaced = await call('PUT', `${base()}/coupons/${c._id.$id}`, {
      json: coupon({ type: 2, discount_amount: 500, promotion_threshold: 0, discount_rate: undefined }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ type: 2, discount_amount: 500, discount_rate: 0 });

    const list = (await call('GET', `${base()}/coupons`)).json().items as ConsoleCoupon[];
    expect(list.map((x) => x.code)).toEqual(['VIP', 'SPRING-10']);

    // A used coupon is soft-deleted; its code may then be taken again.
    await world.t.database.db.update(coupons).set({ usedTotal: 2 }).where(eq(coupons.id, c._id.$id));
    const del = await call('DELETE', `${base()}/coupons/${c._id.$id}`);
    expect(del.json()).toEqual({ deleted: 'soft' });
    const after = (await call('GET', `${base()}/coupons`)).json().items as ConsoleCoupon[];
    expect(after.find((x) => x.code === 'SPRING-10')).toMatchObject({ deleted: 1, used_total: 2 });
    expect((await call('DELETE', `${base()}/coupons/${c._id.$id}`)).statusCode).toBe(404);
    expect((await call('POST', `${base()}/coupons`, { json: coupon({}) })).statusCode).toBe(200);
    const vipId = (form.json() as ConsoleCoupon)._id.$id;
    expect((await call('DELETE', `${base()}/coupons/${vipId}`)).json()).toEqual({ deleted: 'removed' });
  });

  it('refuses bad coupons, naming each field, and writes nothing', async () => {
    const count = async () => (await world.t.database.db.select().from(coupons)).length;
    const before = await count();
    for (const [fields, field] of [
      [{ type: 4 }, 'type'],
      [{ discount_rate: 0 }, 'discount_rate'],
      [{ discount_rate: 101 }, 'discount_rate'],
      [{ discount_rate: undefined }, 'discount_rate'],
      [{ type: 2, discount_amount: 0, promotion_threshold: 0 }, 'discount_amount'],
      [{ type: 2, discount_amount: 100, promotion_threshold: -1 }, 'promotion_threshold'],
      [{ type: 2, discount_amount: 100 }, 'promotion_threshold'],
      [{ type: 3, promotion_threshold: 100, promotion_amount: 0 }, 'promotion_amount'],
      [{ type: 3, promotion_threshold: -5, promotion_amount: 10 }, 'promotion_threshold'],
      [{ code: 'has space' }, 'code'],
      [{ code: '' }, 'code'],
      [{ code: 'x'.repeat(33) }, 'code'],
      [{ total_limit: -1 }, 'total_limit'],
      [{ per_user_limit: -1 }, 'per_user_limit'],
      [{ starts_at: 2000, ends_at: 1000 }, 'ends_at'],
      [{ activity_id: 'nope' }, 'activity_id'],
      [{ price_ids: 'zz' }, 'price_ids'],
      [{ is_public: 2 }, 'is_public'],
    ] as const) {
      const res = await call('POST', `${base()}/coupons`, { json: coupon({ code: 'BAD1', ...fields }) });
      expect(res.statusCode, field).toBe(400);
      expect(res.body, field).toContain(field);
    }
    const foreign = await call('POST', `${base()}/coupons`, {
      json: coupon({ code: 'BAD2', price_ids: ['f'.repeat(24)] }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('commerce.target_invalid');
    expect(foreign.body).toContain('price_ids');
    const otherActivity = await call('POST', `${base()}/coupons`, {
      json: coupon({ code: 'BAD3', activity_id: demoActivityIds.workshop, price_ids: [forumPrice] }),
    });
    expect(otherActivity.statusCode).toBe(400);
    expect(otherActivity.body).toContain('price_ids');
    expect(await count()).toBe(before);
  });

  it('creates, replaces and deletes automatic discounts', async () => {
    const created = await call('POST', `${base()}/discounts`, {
      json: { title: { en: 'Early bird' }, type: 1, discount_rate: 20, activity_id: forum },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json()._id.$id;
    expect(created.json()).toMatchObject({ type: 1, discount_rate: 20, enabled: 1, price_ids: [] });
    const bad = await call('PUT', `${base()}/discounts/${id}`, { json: { type: 2, discount_amount: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('discount_amount');
    expect(bad.body).toContain('promotion_threshold');
    const put = await call('PUT', `${base()}/discounts/${id}`, {
      json: { type: 2, discount_amount: 300, promotion_threshold: 1000, enabled: 0 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      type: 2,
      discount_amount: 300,
      discount_rate: 0,
      enabled: 0,
      activity_id: null,
    });
    expect((await call('GET', `${base()}/discounts`)).json().items).toHaveLength(1);
    expect((await call('DELETE', `${base()}/discounts/${id}`)).json()).toEqual({ deleted: 'soft' });
    expect((await call('GET', `${base()}/discounts`)).json().items).toHaveLength(0);
    const [row] = await world.t.database.db.select().from(discounts).where(eq(discounts.id, id));
    expect(row?.deleted).toBe(1);
  });

  it('keeps coupons and discounts to commerce.edit holders', async () => {
    for (const role of ['user', 'participant', 'checkin', 'exhibitor', 'otherOrganiser'] as const) {
      expect((await call('GET', `${base()}/coupons`, { as: world.logins[role] })).statusCode, role).toBe(403);
      expect(
        (
          await call('POST', `${base()}/discounts`, {
            as: world.logins[role],
            json: { type: 1, discount_rate: 5 },
          })
        ).statusCode,
      ).toBe(403);
    }
    const options = await call('GET', `${base()}/options`, { as: finance });
    expect(options.statusCode).toBe(200);
    expect(options.json().activities.find((a: { _id: { $id: string } }) => a._id.$id === forum)).toBeTruthy();
    expect((await call('GET', `${base()}/options`, { as: world.logins.checkin })).statusCode).toBe(403);
  });
});

describe('console commerce: refunds (§3 Order refund amount, §4 Order)', () => {
  let order: { orderId: string; lineIds: string[]; paymentId: string; total: number };
  const refundUrl = () => `${base()}/orders/${order.orderId}/refunds`;
  const detail = async () =>
    (await call('GET', `${base()}/orders/${order.orderId}`)).json() as ConsoleOrderDetail;

  beforeAll(async () => {
    order = await insertOrder(world.t.database.db, {
      meetingId,
      userId: buyerId,
      lines: [
        { activityId: forum, priceId: forumPrice, name: 'Refund One', unitAmount: 6_000 },
        { activityId: forum, priceId: forumPrice, name: 'Refund Two', unitAmount: 4_000 },
      ],
    });
  });

  it('refuses bad refunds, naming each field, and changes nothing', async () => {
    const good = { amount: 100, reason: 'Changed plans', idempotency_key: 'key-bad-00001' };
    for (const [patch, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 1.5 }, 'amount'],
      [{ reason: '' }, 'reason'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ idempotency_key: 'short' }, 'idempotency_key'],
      [{ line_ids: 'nope' }, 'line_ids'],
      [{ extra: 1 }, 'extra'],
    ] as const) {
      const res = await call('POST', refundUrl(), { json: { ...good, ...patch } });
      expect(res.statusCode, field).toBe(400);
      expect(res.body, field).toContain(field);
    }
    const foreignLine = await call('POST', refundUrl(), { json: { ...good, line_ids: ['f'.repeat(24)] } });
    expect(foreignLine.statusCode).toBe(400);
    const tooMuch = await call('POST', refundUrl(), { json: { ...good, amount: 10_001 } });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('refund.exceeds_paid');
    expect(
      (await call('POST', `${base()}/orders/${'f'.repeat(24)}/refunds`, { json: good })).statusCode,
    ).toBe(404);
    for (const role of ['user', 'participant', 'checkin', 'otherOrganiser'] as const) {
      expect((await call('POST', refundUrl(), { as: world.logins[role], json: good })).statusCode, role).toBe(
        403,
      );
    }
    const after = await detail();
    expect(after).toMatchObject({ refund_amount: 0, refundable: 10_000, refund_flag: 0 });
    expect(after.refunds).toEqual([]);
  });

  it('refunds a partial amount once per key, then a line, then the rest (finance may refund)', async () => {
    const partial = { amount: 1_500, reason: 'Partial', idempotency_key: 'key-partial-0001' };
    const first = await call('POST', refundUrl(), { as: finance, json: partial });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ refund_amount: 1_500, refundable: 8_500, refund_flag: 0 });
    // The same key again (a double click, a retry): no second refund.
    const again = await call('POST', refundUrl(), { as: finance, json: partial });
    expect(again.statusCode).toBe(200);
    expect(again.json().refunds).toHaveLength(1);
    expect(again.json().refund_amount).toBe(1_500);

    // A line: its ticket is cancelled, its amount refunded.
    const second = order.lineIds[1] as string;
    const line = await call('POST', refundUrl(), {
      json: { amount: 4_000, line_ids: second, reason: 'Cannot come', idempotency_key: 'key-line-00001' },
    });
    expect(line.statusCode, line.body).toBe(200);
    const lineDetail = line.json() as ConsoleOrderDetail;
    expect(lineDetail.lines.find((l) => l._id.$id === second)).toMatchObject({
      cancelled: 1,
      refunded_amount: 4_000,
    });
    expect(lineDetail.refund_amount).toBe(5_500);

    const rest = await call('POST', refundUrl(), {
      json: { amount: 4_500, reason: 'Rest', idempotency_key: 'key-rest-00001' },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const full = rest.json() as ConsoleOrderDetail;
    expect(full).toMatchObject({ refund_amount: 10_000, refundable: 0, refund_flag: 1 });
    expect(full.refunds.map((r) => r.amount)).toEqual([1_500, 4_000, 4_500]);
    // One audit entry per call (the repeated key too), naming the refund it made or found.
    const refundAudit = full.audit.filter((a) => a.action === 'finance.refund');
    expect(new Set(refundAudit.map((a) => (a.after as { refund_id: string }).refund_id))).toEqual(
      new Set(full.refunds.map((r) => r._id)),
    );
    const more = await call('POST', refundUrl(), {
      json: { amount: 1, reason: 'x', idempotency_key: 'key-more-00001' },
    });
    expect(more.statusCode).toBe(409);
  });
});

describe('console commerce: reconciliation (sandbox)', () => {
  it("lists the day's payments against the sandbox, mismatches first", async () => {
    const db = world.t.database.db;
    const day = at('2026-04-10T02:00:00Z');
    const line = (name: string, unitAmount: number) => [
      { activityId: forum, priceId: forumPrice, name, unitAmount },
    ];
    const matched = await insertOrder(db, {
      meetingId,
      userId: buyerId,
      createdAt: day,
      lines: line('A', 1_000),
    });
    const wrongAmount = await insertOrder(db, {
      meetingId,
      userId: buyerId,
      createdAt: at('2026-04-10T03:00:00Z'),
      lines: line('B', 2_000),
    });
    const unknownToProvider = await insertOrder(db, {
      meetingId,
      userId: buyerId,
      createdAt: at('2026-04-10T04:00:00Z'),
      lines: line('C', 3_000),
    });
    const pending = await insertOrder(db, {
      meetingId,
      userId: buyerId,
      status: 'pending',
      createdAt: at('2026-04-10T05:00:00Z'),
      lines: line('D', 4_000),
    });
    recordSandboxOutcome(matched.paymentId, { status: 'paid', amount: 1_000, currency: 'CNY' });
    recordSandboxOutcome(wrongAmount.paymentId, { status: 'paid', amount: 1_999, currency: 'CNY' });
    // The settings were left on Stripe by the settings test: back to the sandbox.
    const current = (await call('GET', `${base()}/settings`)).json() as CommerceSettings;
    const reset = await call('PUT', `${base()}/settings`, {
      json: {
        payment_provider: 'sandbox',
        currency: 'CNY',
        payment_window_minutes: 15,
        enable_invoice: 0,
        version: current.version,
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const res = await call('GET', `${base()}/reconciliation?date=2026-04-10`, { as: finance });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.mismatches).toBe(2);
    expect(body.items.map((i: { payment_id: string; problem: string }) => [i.payment_id, i.problem])).toEqual(
      [
        [wrongAmount.paymentId, 'amount'],
        [unknownToProvider.paymentId, 'status'],
        [matched.paymentId, ''],
        [pending.paymentId, ''],
      ],
    );
    expect(body.items[0]).toMatchObject({ amount: 2_000, provider_amount: 1_999, provider_status: 'paid' });
    expect((await call('GET', `${base()}/reconciliation?date=2026-04-11`)).json().items).toEqual([]);
    expect((await call('GET', `${base()}/reconciliation?date=04-10-2026`)).statusCode).toBe(400);
    expect(
      (await call('GET', `${base()}/reconciliation?date=2026-04-10`, { as: world.logins.checkin }))
        .statusCode,
    ).toBe(403);
  });
});
