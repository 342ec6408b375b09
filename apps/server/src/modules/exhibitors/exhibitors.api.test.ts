import type { Category, Exhibitor, ExhibitorBindingAnswer, LoginResult, Product } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { foldViews } from '../views/views.service.ts';
import { exhibitIds, newExhibitorAccount, newLogin, seedExhibits } from './exhibitors.fixtures.ts';
import { exhibitorApplications, exhibitorBindings, exhibitors } from './exhibitors.tables.ts';

let t: TestApp;
const meetingId = ids.meeting;
const e = exhibitIds;

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture(t.database.db);
  await seedExhibits(t.database.db, meetingId, ids.otherMeeting);
});

afterAll(async () => {
  await t?.close();
});

const deps = () => ({ db: t.database.db, config: t.app.deps.config });

async function getJson<T>(
  path: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await t.call('GET', apiUrl(path, params), { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const idsOf = (items: { _id: { $id: string } }[]) => items.map((item) => item._id.$id);

describe('categories of the pavilion', () => {
  it('serves industry and exhibitor_group categories heaviest first', async () => {
    const industry = await getJson<{ results: Category[] }>('/industry/categories', {
      meeting_id: meetingId,
    });
    expect(idsOf(industry.results)).toEqual([e.industryFood, e.industryTech, e.productCategory]);
    const groups = await getJson<{ results: Category[] }>('/exhibitor_group/categories', {
      meeting_id: meetingId,
    });
    expect(idsOf(groups.results)).toEqual([e.groupHallB, e.groupHallA]);
  });
});

describe('GET /exhibitors', () => {
  it('lists shown exhibitors by weight then created, descending, with enterprise, booth and group', async () => {
    const { results } = await getJson<{ results: Exhibitor[] }>('/exhibitors', { meeting_id: meetingId });
    expect(idsOf(results)).toEqual([e.exRobotJa, e.exRobotCn, e.exFoods]);
    expect(results[1]).toMatchObject({
      booth: 'A-101',
      exhibitor_group: { _id: { $id: e.groupHallA }, title: { en: 'Hall A' } },
      // The exhibitor has no industry of its own: its enterprise's is used.
      industry: { _id: { $id: e.industryTech } },
      enterprise: { _id: { $id: e.robotCn }, title: { zh: '智能机器人有限公司' }, is_liked: false },
      is_shown: 1,
    });
  });

  it('filters by industry and exhibitor group; an _id list returns hidden ones in its order', async () => {
    const food = await getJson<{ results: Exhibitor[] }>('/exhibitors', {
      meeting_id: meetingId,
      industry_category_id: e.industryFood,
    });
    expect(idsOf(food.results)).toEqual([e.exFoods]);
    const hallA = await getJson<{ results: Exhibitor[] }>('/exhibitors', {
      meeting_id: meetingId,
      exhibitor_group_category_id: e.groupHallA,
    });
    expect(idsOf(hallA.results)).toEqual([e.exRobotCn, e.exFoods]);
    const both = await getJson<{ results: Exhibitor[] }>('/exhibitors', {
      meeting_id: meetingId,
      query: JSON.stringify({
        industry_category_id: [e.industryTech],
        exhibitor_group_category_id: e.groupHallB,
      }),
    });
    expect(idsOf(both.results)).toEqual([e.exRobotJa]);
    const byIds = await getJson<{ results: Exhibitor[] }>('/exhibitors', {
      meeting_id: meetingId,
      query: JSON.stringify({ _id: { $in: [e.exHidden, e.exFoods] } }),
    });
    expect(byIds.results.map((item) => [item._id.$id, item.is_shown])).toEqual([
      [e.exHidden, 0],
      [e.exFoods, 1],
    ]);
    const missingMeeting = await t.call('GET', apiUrl('/exhibitors'));
    expect(missingMeeting.statusCode).toBe(400);
    expect(missingMeeting.json()).toMatchObject({ code: 'meeting_id_required' });
  });

  it("finds an enterprise's exhibitors without meeting_id, each with its meeting (§2 the meeting from the item)", async () => {
    const other = await getJson<{ results: Exhibitor[] }>('/exhibitors', {
      query: JSON.stringify({ enterprise_id: e.otherMeetingOnly }),
    });
    expect(other.results.map((item) => [item._id.$id, item.meeting_id.$id])).toEqual([
      [e.exOther, ids.otherMeeting],
    ]);
    const robot = await getJson<{ results: Exhibitor[] }>('/exhibitors', {
      query: JSON.stringify({ enterprise_id: e.robotCn }),
    });
    expect(robot.results.map((item) => item.meeting_id.$id)).toEqual([meetingId]);
    const unknown = await getJson<{ results: Exhibitor[] }>('/exhibitors', {
      query: JSON.stringify({ enterprise_id: 'e0e0e0e0e0e0e0e0e0e0e0e0' }),
    });
    expect(unknown.results).toEqual([]);
  });

  it('searches the enterprise titles of the meeting in zh, ja and en', async () => {
    const zh = await getJson<{ results: Exhibitor[] }>('/exhibitors/search', {
      meeting_id: meetingId,
      keyword: '机器人',
    });
    expect(idsOf(zh.results)).toEqual([e.exRobotCn]);
    expect(zh.results[0]?.highlights).toEqual([{ field: 'title', lang: 'zh', start: 2, length: 3 }]);
    const ja = await getJson<{ results: Exhibitor[] }>('/exhibitors/search', {
      meeting_id: meetingId,
      keyword: 'ロボット',
    });
    expect(idsOf(ja.results)).toEqual([e.exRobotJa]);
    const en = await getJson<{ results: Exhibitor[] }>('/exhibitors/search', {
      meeting_id: meetingId,
      keyword: 'robot',
      exhibitor_group_category_id: e.groupHallA,
    });
    expect(idsOf(en.results)).toEqual([e.exRobotCn]);
  });

  it('lists the products of the pavilion', async () => {
    const { results } = await getJson<{ results: Product[] }>('/exhibitors/products', {
      meeting_id: meetingId,
    });
    expect(idsOf(results)).toEqual([e.productArmEn, e.productArmCn, e.productTea]);
  });
});

describe('exhibitor counters and likes', () => {
  it('count views, calls, mails and attachment views anonymously', async () => {
    for (const [path, field] of [
      ['views', 'views_total'],
      ['calls', 'calls_total'],
      ['mails', 'mails_total'],
      ['attachments/views', 'attachment_views_total'],
    ] as const) {
      const response = await t.call('POST', `/api/exhibitors/${e.exFoods}/${path}`, { form: {} });
      expect(response.json()).toEqual({ [field]: 1 });
    }
    const product = await t.call('POST', `/api/exhibitors/products/${e.productTea}/views`, { form: {} });
    expect(product.json()).toEqual({ views_total: 1 });
    const missing = await t.call('POST', `/api/exhibitors/${ids.missing}/views`, { form: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('likes the enterprise of an exhibitor and a product, idempotently', async () => {
    const login = await newLogin(deps(), meetingId);
    const headers = bearer(login);
    for (let round = 0; round < 2; round++) {
      const like = await t.call('POST', `/api/exhibitors/${e.exRobotCn}/likes`, { headers, form: {} });
      expect(like.json()).toEqual({ is_liked: true, likes_total: 1 });
      const product = await t.call('POST', `/api/exhibitors/products/${e.productArmEn}/likes`, {
        headers,
        form: {},
      });
      expect(product.json()).toEqual({ is_liked: true, likes_total: 1 });
    }
    const { results } = await getJson<{ results: Exhibitor[] }>(
      '/exhibitors',
      { meeting_id: meetingId, exhibitor_group_category_id: e.groupHallA },
      headers,
    );
    expect(results[0]?.enterprise).toMatchObject({ is_liked: true, likes_total: 1 });
  });

  it('count pavilion page views per category and area', async () => {
    const first = await t.call('POST', `/api/meetings/${meetingId}/exhibitor/category/views`, {
      form: { category_id: e.groupHallA },
    });
    expect(first.json()).toEqual({ views_total: 1 });
    // The answer is the last folded total plus this view: the views job folds the first one.
    await foldViews(t.database.db);
    const second = await t.call('POST', `/api/meetings/${meetingId}/exhibitor/category/views`, {
      form: { category_id: e.groupHallA },
    });
    expect(second.json()).toEqual({ views_total: 2 });
    const area = await t.call('POST', `/api/meetings/${meetingId}/area/views`, { form: { area: 'Hall 1' } });
    expect(area.json()).toEqual({ views_total: 1 });
    const productCategory = await t.call('POST', `/api/meetings/${meetingId}/product/category/views`, {
      form: {},
    });
    expect(productCategory.json()).toEqual({ views_total: 1 });
    const missing = await t.call('POST', `/api/meetings/${ids.missing}/area/views`, { form: {} });
    expect(missing.statusCode).toBe(404);
  });
});

describe('exhibitor binding (§6)', () => {
  let user: LoginResult;
  beforeAll(async () => {
    await newExhibitorAccount(t.database.db, {
      meetingId,
      account: 'robot-ja',
      password: 'secret one',
      enterpriseId: e.robotJa,
    });
    await newExhibitorAccount(t.database.db, {
      meetingId,
      account: 'foods',
      password: 'secret two',
      enterpriseId: e.foods,
    });
    user = await newLogin(deps(), meetingId);
  });

  const binding = () =>
    getJson<ExhibitorBindingAnswer>('/exhibitor/bindings', { meeting_id: meetingId }, bearer(user));
  const bind = (account: string, password: string) =>
    t.call('POST', '/api/exhibitor/bindings', {
      headers: bearer(user),
      form: { meeting_id: meetingId, account, password },
    });
  const editBooth = (exhibitorId: string) =>
    t.call('PUT', `/api/exhibitors/${exhibitorId}`, { headers: bearer(user), form: { booth: 'Z-9' } });

  it('starts unbound and refuses a wrong password', async () => {
    expect(await binding()).toEqual({ binding: null });
    const wrong = await bind('robot-ja', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'account.password_incorrect' });
    const unknown = await bind('nobody', 'nope');
    expect(unknown.json()).toMatchObject({ code: 'account.password_incorrect' });
    expect((await editBooth(e.exRobotJa)).statusCode).toBe(403);
  });

  it('binds, and binding a new account unbinds the old one', async () => {
    const first = await bind('robot-ja', 'secret one');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      binding: {
        account: 'robot-ja',
        enterprise: { _id: { $id: e.robotJa } },
        exhibitor: { _id: { $id: e.exRobotJa }, booth: 'B-201' },
      },
    });
    const edited = await editBooth(e.exRobotJa);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ booth: 'Z-9' });

    const second = await bind('foods', 'secret two');
    expect(second.json()).toMatchObject({
      binding: { account: 'foods', enterprise: { _id: { $id: e.foods } } },
    });
    const rows = await t.database.db
      .select()
      .from(exhibitorBindings)
      .where(eq(exhibitorBindings.userId, user.user_id.$id));
    expect(rows).toHaveLength(1);
    // The old enterprise is no longer this user's to edit; nothing changes there.
    const refused = await t.call('PUT', `/api/exhibitors/${e.exRobotJa}`, {
      headers: bearer(user),
      form: { booth: 'stolen' },
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(exhibitors).where(eq(exhibitors.id, e.exRobotJa));
    expect(row?.booth).toBe('Z-9');
    expect((await editBooth(e.exFoods)).statusCode).toBe(200);
  });

  it('unbinds idempotently', async () => {
    for (let round = 0; round < 2; round++) {
      const response = await t.call('DELETE', apiUrl('/exhibitor/bindings', { meeting_id: meetingId }), {
        headers: bearer(user),
      });
      expect(response.json()).toEqual({ binding: null });
    }
    expect(await binding()).toEqual({ binding: null });
    expect((await editBooth(e.exFoods)).statusCode).toBe(403);
  });

  it('counts the user of an exhibitor login as bound to its account', async () => {
    const login = await t.call('POST', '/api/tokens/exhibitor', {
      form: { meeting_id: meetingId, account: 'robot-ja', password: 'secret one' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const own = await getJson<ExhibitorBindingAnswer>(
      '/exhibitor/bindings',
      { meeting_id: meetingId },
      bearer(login.json() as LoginResult),
    );
    expect(own.binding).toMatchObject({ account: 'robot-ja', enterprise: { _id: { $id: e.robotJa } } });
    const edit = await t.call('PUT', `/api/exhibitors/${e.exRobotJa}`, {
      headers: bearer(login.json() as LoginResult),
      form: { booth: 'B-202' },
    });
    expect(edit.statusCode).toBe(200);
  });

  it('keeps one binding when two binds race', async () => {
    const racer = await newLogin(deps(), meetingId);
    const race = await Promise.all(
      [
        ['robot-ja', 'secret one'],
        ['foods', 'secret two'],
      ].map(([account, password]) =>
        t.call('POST', '/api/exhibitor/bindings', {
          headers: bearer(racer),
          form: { meeting_id: meetingId, account, password },
        }),
      ),
    );
    expect(race.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(exhibitorBindings)
      .where(eq(exhibitorBindings.userId, racer.user_id.$id));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /meetings/{id}/exhibitor/apply', () => {
  it('stores an application of a logged-in user with a normalised phone', async () => {
    const login = await newLogin(deps(), meetingId);
    const anonymous = await t.call('POST', `/api/meetings/${meetingId}/exhibitor/apply`, {
      form: { company: 'ACME', contact_name: 'Ada', phone: '13800138000' },
    });
    expect(anonymous.statusCode).toBe(401);
    const badPhone = await t.call('POST', `/api/meetings/${meetingId}/exhibitor/apply`, {
      headers: bearer(login),
      form: { company: 'ACME', contact_name: 'Ada', phone: '123' },
    });
    expect(badPhone.json()).toMatchObject({ code: 'phone.invalid' });
    const missing = await t.call('POST', `/api/meetings/${meetingId}/exhibitor/apply`, {
      headers: bearer(login),
      form: { company: '', contact_name: 'Ada', phone: '13800138000' },
    });
    expect(missing.statusCode).toBe(400);
    const ok = await t.call('POST', `/api/meetings/${meetingId}/exhibitor/apply`, {
      headers: bearer(login),
      form: { company: 'ACME 机器人', contact_name: 'Ada', phone: '138 0013 8000', email: 'ada@example.com' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(exhibitorApplications)
      .where(eq(exhibitorApplications.id, ok.json()._id.$id));
    expect(row).toMatchObject({ company: 'ACME 机器人', phone: '+8613800138000', userId: login.user_id.$id });
  });
});

describe('the cached pavilion', () => {
  const exhibitorOf = (response: { json: () => { results: Exhibitor[] } }, id: string) =>
    response.json().results.find((item) => item._id.$id === id);
  const productOf = (response: { json: () => { results: Product[] } }, id: string) =>
    response.json().results.find((item) => item._id.$id === id);

  it("shares anonymous answers by URL and lays a logged-in caller's own likes on them", async () => {
    const cached = await createTestApp({ cacheTtlSeconds: 60 });
    try {
      await seedFixture(cached.database.db);
      await seedExhibits(cached.database.db, meetingId, ids.otherMeeting);
      const url = apiUrl('/exhibitors', { meeting_id: meetingId });
      const first = await cached.call('GET', url);
      expect(first.headers['x-cache']).toBeUndefined();
      const second = await cached.call('GET', url);
      expect(second.headers['x-cache']).toBe('hit');
      expect(second.json()).toEqual(first.json());

      const login = await newLogin({ db: cached.database.db, config: cached.app.deps.config }, meetingId);
      const liked = await cached.call('POST', `/api/exhibitors/${e.exFoods}/likes`, {
        headers: bearer(login),
        form: {},
      });
      expect(liked.statusCode).toBe(200);
      // From the guests' entry, with the caller's like and the current total laid on.
      const mine = await cached.call('GET', url, { headers: bearer(login) });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['x-cache']).toBe('hit');
      expect(exhibitorOf(mine, e.exFoods)?.enterprise).toMatchObject({ is_liked: true, likes_total: 1 });
      expect(exhibitorOf(mine, e.exRobotCn)?.enterprise).toMatchObject({ is_liked: false, likes_total: 0 });
      // Everything but the caller's part is the guests' answer.
      const strip = (items: Exhibitor[]) =>
        items.map(
          ({ enterprise: { is_liked, is_awesome, likes_total, awesomes_total, ...card }, ...item }) => ({
            ...item,
            enterprise: card,
          }),
        );
      expect(strip(mine.json().results)).toEqual(strip(first.json().results));
      // The guests' entry itself is untouched.
      const anonymous = await cached.call('GET', url);
      expect(anonymous.headers['x-cache']).toBe('hit');
      expect(exhibitorOf(anonymous, e.exFoods)?.enterprise.is_liked).toBe(false);
      // Another user sees their own reactions, not the first one's.
      const other = await newLogin({ db: cached.database.db, config: cached.app.deps.config }, meetingId);
      const theirs = await cached.call('GET', url, { headers: bearer(other) });
      expect(exhibitorOf(theirs, e.exFoods)?.enterprise).toMatchObject({ is_liked: false, likes_total: 1 });
    } finally {
      await cached.close();
    }
  });

  it("stores the guests' answer when a logged-in caller asks first, and overlays products too", async () => {
    const cached = await createTestApp({ cacheTtlSeconds: 60 });
    try {
      await seedFixture(cached.database.db);
      await seedExhibits(cached.database.db, meetingId, ids.otherMeeting);
      const depsOf = { db: cached.database.db, config: cached.app.deps.config };
      const login = await newLogin(depsOf, meetingId);
      const headers = bearer(login);
      const like = async (path: string) =>
        expect((await cached.call('POST', path, { headers, form: {} })).statusCode).toBe(200);
      await like(`/api/exhibitors/${e.exRobotJa}/likes`);
      await like(`/api/exhibitors/products/${e.productTea}/likes`);

      // Nothing cached yet: the logged-in caller's request fills the guests' entry...
      const url = apiUrl('/exhibitors', { meeting_id: meetingId, limit: 2 });
      const mine = await cached.call('GET', url, { headers });
      expect(mine.headers['x-cache']).toBeUndefined();
      expect(exhibitorOf(mine, e.exRobotJa)?.enterprise).toMatchObject({ is_liked: true, likes_total: 1 });
      // ...without their like in it.
      const anonymous = await cached.call('GET', url);
      expect(anonymous.headers['x-cache']).toBe('hit');
      expect(exhibitorOf(anonymous, e.exRobotJa)?.enterprise).toMatchObject({
        is_liked: false,
        likes_total: 1,
      });

      const products = apiUrl('/exhibitors/products', { meeting_id: meetingId });
      const guestProducts = await cached.call('GET', products);
      expect(productOf(guestProducts, e.productTea)).toMatchObject({ is_liked: false, likes_total: 1 });
      const myProducts = await cached.call('GET', products, { headers });
      expect(myProducts.headers['x-cache']).toBe('hit');
      expect(productOf(myProducts, e.productTea)).toMatchObject({ is_liked: true, likes_total: 1 });
      expect(productOf(myProducts, e.productArmCn)).toMatchObject({ is_liked: false });
      // A like after the entry was stored shows at once for its author, with the new total.
      await like(`/api/exhibitors/products/${e.productArmCn}/likes`);
      const again = await cached.call('GET', products, { headers });
      expect(again.headers['x-cache']).toBe('hit');
      expect(productOf(again, e.productArmCn)).toMatchObject({ is_liked: true, likes_total: 1 });
      expect(productOf(await cached.call('GET', products), e.productArmCn)?.likes_total).toBe(0);

      // The enterprises list and search take the same path.
      const enterprises = apiUrl('/enterprises', { meeting_id: meetingId });
      await cached.call('GET', enterprises);
      const myEnterprises = await cached.call('GET', enterprises, { headers });
      expect(myEnterprises.headers['x-cache']).toBe('hit');
      const robotJa = (myEnterprises.json().results as { _id: { $id: string } }[]).find(
        (item) => item._id.$id === e.robotJa,
      );
      expect(robotJa).toMatchObject({ is_liked: true, likes_total: 1 });
    } finally {
      await cached.close();
    }
  });

  it('answers a logged-in caller from the database when the cache is off', async () => {
    const login = await newLogin(deps(), meetingId);
    const headers = bearer(login);
    await t.call('POST', `/api/exhibitors/${e.exFoods}/likes`, { headers, form: {} });
    const mine = await t.call('GET', apiUrl('/exhibitors', { meeting_id: meetingId }), { headers });
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(exhibitorOf(mine, e.exFoods)?.enterprise.is_liked).toBe(true);
  });
});
