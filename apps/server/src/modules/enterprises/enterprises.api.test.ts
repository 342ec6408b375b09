import type { Enterprise, LoginResult, Product } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  exhibitIds,
  newExhibitorAccount,
  newLogin,
  seedExhibits,
} from '../exhibitors/exhibitors.fixtures.ts';
import { products } from '../products/products.tables.ts';
import { foldViews } from '../views/views.service.ts';
import { enterprises, interactions, reactions } from './enterprises.tables.ts';

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

const titlesOf = (items: { title: Enterprise['title'] }[]) =>
  items.map((item) => (typeof item.title === 'string' ? item.title : (item.title.en ?? '')));

async function enterpriseRow(id: string) {
  const [row] = await t.database.db.select().from(enterprises).where(eq(enterprises.id, id));
  if (!row) throw new Error('enterprise vanished');
  return row;
}

describe('GET /enterprises', () => {
  it('lists the enterprises exhibiting at the meeting by weight then created, descending', async () => {
    const { results } = await getJson<{ results: Enterprise[] }>('/enterprises', {
      meeting_id: meetingId,
    });
    // robotJa and robotCn share weight 10: the later created comes first; deleted, hidden and
    // other-meeting enterprises are left out.
    expect(results.map((item) => item._id.$id)).toEqual([e.robotJa, e.robotCn, e.foods]);
    expect(results[1]).toMatchObject({
      industry: { _id: { $id: e.industryTech }, title: { en: 'Technology', zh: '科技' } },
      is_liked: false,
      is_awesome: false,
      deleted: 0,
    });
    const count = await getJson<{ total: number }>('/enterprises/count', { meeting_id: meetingId });
    expect(count.total).toBe(3);
  });

  it('filters by industry, sorts on request and reorders an _id list (deleted ones included)', async () => {
    const food = await getJson<{ results: Enterprise[] }>('/enterprises', {
      meeting_id: meetingId,
      industry_category_id: e.industryFood,
    });
    expect(food.results.map((item) => item._id.$id)).toEqual([e.foods]);
    const byCreated = await getJson<{ results: Enterprise[] }>('/enterprises', {
      meeting_id: meetingId,
      sort: JSON.stringify({ created: 1 }),
    });
    expect(byCreated.results.map((item) => item._id.$id)).toEqual([e.robotCn, e.robotJa, e.foods]);
    const byIds = await getJson<{ results: Enterprise[] }>('/enterprises', {
      query: JSON.stringify({ _id: [e.deleted, e.foods, e.robotCn] }),
    });
    expect(byIds.results.map((item) => [item._id.$id, item.deleted])).toEqual([
      [e.deleted, 1],
      [e.foods, 0],
      [e.robotCn, 0],
    ]);
    const hiddenPage = await getJson<{ results: Enterprise[] }>('/enterprises', {
      meeting_id: meetingId,
      query: JSON.stringify({ _id: e.hidden }),
    });
    expect(hiddenPage.results.map((item) => item._id.$id)).toEqual([e.hidden]);
    const elsewhere = await getJson<{ results: Enterprise[] }>('/enterprises', {
      meeting_id: meetingId,
      query: JSON.stringify({ _id: e.otherMeetingOnly }),
    });
    expect(elsewhere.results).toEqual([]);
  });

  it('refuses unscoped lists, unknown fields and limits over 999', async () => {
    const unscoped = await t.call('GET', '/api/enterprises');
    expect(unscoped.statusCode).toBe(400);
    expect(unscoped.json()).toMatchObject({ code: 'meeting_id_required' });
    const badField = await t.call(
      'GET',
      apiUrl('/enterprises', { meeting_id: meetingId, query: JSON.stringify({ title: 'x' }) }),
    );
    expect(badField.json()).toMatchObject({ code: 'invalid_query' });
    const tooMany = await t.call('GET', apiUrl('/enterprises', { meeting_id: meetingId, limit: 1000 }));
    expect(tooMany.json()).toMatchObject({ code: 'limit_too_large' });
  });
});

describe('search', () => {
  const search = (path: string, params: Record<string, unknown>) =>
    getJson<{ results: (Enterprise | Product)[] }>(path, params);

  it('finds a Chinese substring and highlights it in UTF-16 offsets', async () => {
    const { results } = await search('/enterprises/search', { keyword: '机器人', meeting_id: meetingId });
    expect(results.map((item) => item._id.$id)).toEqual([e.robotCn]);
    expect(results[0]?.highlights).toEqual([{ field: 'title', lang: 'zh', start: 2, length: 3 }]);
  });

  it('finds a Japanese substring', async () => {
    const { results } = await search('/enterprises/search', {
      keyword: 'ボット工業',
      meeting_id: meetingId,
    });
    expect(results.map((item) => item._id.$id)).toEqual([e.robotJa]);
    expect(results[0]?.highlights).toEqual([{ field: 'title', lang: 'ja', start: 1, length: 5 }]);
  });

  it('matches English case-insensitively, every word, stemmed, by weight then created', async () => {
    const { results } = await search('/enterprises/search', { keyword: 'ROBOT', meeting_id: meetingId });
    // "Robot Industries" starts with the keyword; deleted, hidden and other-meeting ones are left out.
    expect(results.map((item) => item._id.$id)).toEqual([e.robotJa, e.robotCn]);
    expect(results[0]?.highlights).toEqual([{ field: 'title', lang: 'en', start: 0, length: 5 }]);
    const words = await search('/enterprises/search', { keyword: 'co smart', meeting_id: meetingId });
    expect(words.results.map((item) => item._id.$id)).toEqual([e.robotCn]);
    // Full-text search with English stemming finds other forms of a word, which a substring cannot.
    const stemmed = await search('/enterprises/search', { keyword: 'robotics', meeting_id: meetingId });
    expect(stemmed.results.map((item) => item._id.$id)).toEqual([e.robotJa, e.robotCn]);
    const everywhere = await search('/enterprises/search', { keyword: 'elsewhere' });
    expect(everywhere.results.map((item) => item._id.$id)).toEqual([e.otherMeetingOnly]);
  });

  it('takes % and _ literally', async () => {
    const percent = await search('/enterprises/search', { keyword: '100%', meeting_id: meetingId });
    expect(titlesOf(percent.results as Enterprise[])).toEqual(['100% Natural_Foods']);
    const underscore = await search('/enterprises/search', { keyword: 'l_f', meeting_id: meetingId });
    expect(underscore.results).toHaveLength(1);
    const noWildcard = await search('/enterprises/search', { keyword: '%', meeting_id: meetingId });
    expect(noWildcard.results.map((item) => item._id.$id)).toEqual([e.foods]);
    const noUnderscore = await search('/enterprises/search', { keyword: 'r_bot', meeting_id: meetingId });
    expect(noUnderscore.results).toEqual([]);
  });

  it('searches products in zh and en with their enterprise', async () => {
    const zh = await search('/enterprise/products/search', { keyword: '机器人', meeting_id: meetingId });
    expect(zh.results.map((item) => item._id.$id)).toEqual([e.productArmCn]);
    expect(zh.results[0]).toMatchObject({
      enterprise: { _id: { $id: e.robotCn }, title: { zh: '智能机器人有限公司' } },
      highlights: [{ field: 'title', lang: 'zh', start: 0, length: 3 }],
    });
    const en = await search('/enterprise/products/search', {
      keyword: 'robot arm',
      meeting_id: meetingId,
    });
    expect(en.results.map((item) => item._id.$id).sort()).toEqual([e.productArmCn, e.productArmEn].sort());
    const tea = await search('/enterprise/products/search', { keyword: '50%', enterprise_id: e.foods });
    expect(tea.results.map((item) => item._id.$id)).toEqual([e.productTea]);
  });
});

describe('GET /enterprise/products', () => {
  it('lists products by weight then created, descending, deleted left out', async () => {
    const { results } = await getJson<{ results: Product[] }>('/enterprise/products', {
      meeting_id: meetingId,
    });
    expect(results.map((item) => item._id.$id)).toEqual([e.productArmEn, e.productArmCn, e.productTea]);
    expect(results[0]).toMatchObject({ images: [], enterprise: { title: { en: 'Robot Industries' } } });
    const page = await getJson<{ results: Product[] }>('/enterprise/products', {
      meeting_id: meetingId,
      query: JSON.stringify({ _id: e.productDeleted }),
    });
    expect(page.results.map((item) => [item._id.$id, item.deleted])).toEqual([[e.productDeleted, 1]]);
    const one = await getJson<{ results: Product[] }>('/enterprise/products', {
      enterprise_id: e.robotCn,
    });
    expect(one.results.map((item) => item._id.$id)).toEqual([e.productArmCn]);
    const count = await getJson<{ total: number }>('/enterprise/products/count', {
      meeting_id: meetingId,
      category_id: e.productCategory,
    });
    expect(count.total).toBe(1);
  });
});

describe('likes and awesomes', () => {
  let login: LoginResult;
  beforeAll(async () => {
    login = await newLogin(deps(), meetingId);
  });

  it('need a login', async () => {
    const response = await t.call('POST', '/api/enterprise/likes', { form: { enterprise_id: e.robotCn } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'login.required' });
  });

  it('are idempotent and show in lists and the collection', async () => {
    const headers = bearer(login);
    const first = await t.call('POST', '/api/enterprise/likes', {
      headers,
      form: { enterprise_id: e.foods },
    });
    expect(first.json()).toEqual({ is_liked: true, likes_total: 1 });
    const again = await t.call('POST', '/api/enterprise/likes', {
      headers,
      form: { enterprise_id: e.foods },
    });
    expect(again.json()).toEqual({ is_liked: true, likes_total: 1 });
    const awesome = await t.call('POST', '/api/enterprise/awesomes', {
      headers,
      form: { enterprise_id: e.foods },
    });
    expect(awesome.json()).toEqual({ is_awesome: true, awesomes_total: 1 });

    const listed = await getJson<{ results: Enterprise[] }>(
      '/enterprises',
      { meeting_id: meetingId, industry_category_id: e.industryFood },
      headers,
    );
    expect(listed.results[0]).toMatchObject({ is_liked: true, is_awesome: true, likes_total: 1 });
    const anonymous = await getJson<{ results: Enterprise[] }>('/enterprises', {
      meeting_id: meetingId,
      industry_category_id: e.industryFood,
    });
    expect(anonymous.results[0]).toMatchObject({ is_liked: false, is_awesome: false, likes_total: 1 });

    const productLike = await t.call('POST', '/api/enterprise/product/likes', {
      headers,
      form: { product_id: e.productArmCn },
    });
    expect(productLike.json()).toEqual({ is_liked: true, likes_total: 1 });
    const collection = await getJson<{ results: Enterprise[] }>(
      '/enterprise/likes',
      { meeting_id: meetingId },
      headers,
    );
    expect(collection.results.map((item) => item._id.$id)).toEqual([e.foods]);
    const likedProducts = await getJson<{ results: Product[] }>(
      '/enterprise/product/likes',
      { meeting_id: meetingId },
      headers,
    );
    expect(likedProducts.results.map((item) => [item._id.$id, item.is_liked])).toEqual([
      [e.productArmCn, true],
    ]);

    const unlike = await t.call('DELETE', apiUrl('/enterprise/likes', { enterprise_id: e.foods }), {
      headers,
    });
    expect(unlike.json()).toEqual({ is_liked: false, likes_total: 0 });
    const unlikeAgain = await t.call('DELETE', apiUrl('/enterprise/likes', { enterprise_id: e.foods }), {
      headers,
    });
    expect(unlikeAgain.json()).toEqual({ is_liked: false, likes_total: 0 });
    const empty = await getJson<{ results: Enterprise[] }>(
      '/enterprise/likes',
      { meeting_id: meetingId },
      headers,
    );
    expect(empty.results).toEqual([]);
  });

  it('answer 404 for a missing or deleted target and store nothing', async () => {
    const headers = bearer(login);
    for (const id of [ids.missing, e.deleted]) {
      const response = await t.call('POST', '/api/enterprise/likes', {
        headers,
        form: { enterprise_id: id },
      });
      expect(response.statusCode).toBe(404);
    }
    const missingProduct = await t.call('POST', '/api/enterprise/product/awesomes', {
      headers,
      form: { product_id: e.productDeleted },
    });
    expect(missingProduct.statusCode).toBe(404);
    const stored = await t.database.db.select().from(reactions).where(eq(reactions.targetId, e.deleted));
    expect(stored).toEqual([]);
  });

  it('keep the total exact under 100 parallel likes and unlikes', async () => {
    const logins = await Promise.all(Array.from({ length: 100 }, () => newLogin(deps(), meetingId)));
    const like = (who: LoginResult) =>
      t.call('POST', '/api/enterprise/likes', { headers: bearer(who), form: { enterprise_id: e.robotJa } });
    // Every user likes twice at once: 200 requests, 100 likes.
    const liked = await Promise.all([...logins, ...logins].map(like));
    expect(liked.every((response) => response.statusCode === 200)).toBe(true);
    expect((await enterpriseRow(e.robotJa)).likesTotal).toBe(100);

    const unlike = (who: LoginResult) =>
      t.call('DELETE', apiUrl('/enterprise/likes', { enterprise_id: e.robotJa }), {
        headers: bearer(who),
      });
    const half = logins.slice(0, 50);
    const unliked = await Promise.all([...half, ...half].map(unlike));
    expect(unliked.every((response) => response.statusCode === 200)).toBe(true);
    expect((await enterpriseRow(e.robotJa)).likesTotal).toBe(50);
    const rows = await t.database.db.select().from(reactions).where(eq(reactions.targetId, e.robotJa));
    expect(rows).toHaveLength(50);
  });

  it('keep product awesomes exact when one user sends many at once', async () => {
    const headers = bearer(login);
    const sent = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/enterprise/product/awesomes', { headers, form: { product_id: e.productTea } }),
      ),
    );
    expect(sent.every((response) => response.statusCode === 200)).toBe(true);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, e.productTea));
    expect(row?.awesomesTotal).toBe(1);
  });
});

describe('views, calls and mails', () => {
  it('count anonymous visitors by device id and log each one', async () => {
    const view = await t.call('POST', `/api/enterprises/${e.foods}/views`, { form: { user_id: '' } });
    expect(view.json()).toEqual({ views_total: 1 });
    const call = await t.call('POST', `/api/enterprises/${e.foods}/calls`, { form: {} });
    expect(call.json()).toEqual({ calls_total: 1 });
    const mails = await Promise.all(
      Array.from({ length: 10 }, () => t.call('POST', `/api/enterprises/${e.foods}/mails`, { form: {} })),
    );
    expect(mails.map((response) => response.json().mails_total).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const attachment = await t.call('POST', `/api/enterprises/${e.foods}/attachments/views`, { form: {} });
    expect(attachment.json()).toEqual({ attachment_views_total: 1 });
    const product = await t.call('POST', `/api/enterprises/${e.foods}/products/${e.productTea}/views`, {
      form: {},
    });
    expect(product.json()).toEqual({ views_total: 1 });
    // Views are folded into the totals and the log by the views job.
    await foldViews(t.database.db);
    const row = await enterpriseRow(e.foods);
    expect([row.viewsTotal, row.callsTotal, row.mailsTotal, row.attachmentViewsTotal]).toEqual([1, 1, 10, 1]);
    const logged = await t.database.db.select().from(interactions).where(eq(interactions.targetId, e.foods));
    expect(logged).toHaveLength(13);
    expect(logged.every((entry) => entry.deviceId === 'device-test-0001' && entry.userId === null)).toBe(
      true,
    );
  });

  it('refuse a product of another enterprise and a deleted enterprise', async () => {
    const wrong = await t.call('POST', `/api/enterprises/${e.foods}/products/${e.productArmCn}/views`, {
      form: {},
    });
    expect(wrong.statusCode).toBe(404);
    const deleted = await t.call('POST', `/api/enterprises/${e.deleted}/views`, { form: {} });
    expect(deleted.statusCode).toBe(404);
  });
});

describe('PUT /enterprises/{id}', () => {
  it('lets only a user bound to the enterprise edit it; others get 403 and nothing changes', async () => {
    await newExhibitorAccount(t.database.db, {
      meetingId,
      account: 'robot-cn',
      password: 'correct horse',
      enterpriseId: e.robotCn,
    });
    const before = await enterpriseRow(e.robotCn);
    const stranger = await newLogin(deps(), meetingId);
    const refused = await t.call('PUT', `/api/enterprises/${e.robotCn}`, {
      headers: bearer(stranger),
      form: { website: 'https://evil.example', title: { en: 'Hacked' } },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'no_permission' });
    expect(await enterpriseRow(e.robotCn)).toEqual(before);
    const anonymous = await t.call('PUT', `/api/enterprises/${e.robotCn}`, { form: { website: 'x' } });
    expect(anonymous.statusCode).toBe(401);

    const owner = await newLogin(deps(), meetingId);
    const bound = await t.call('POST', '/api/exhibitor/bindings', {
      headers: bearer(owner),
      form: { meeting_id: meetingId, account: 'Robot-CN', password: 'correct horse' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const edited = await t.call('PUT', `/api/enterprises/${e.robotCn}`, {
      headers: bearer(owner),
      form: { website: 'https://robot.example', title: { zh: '智能机器人集团', en: 'Smart Robot Group' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      website: 'https://robot.example',
      title: { en: 'Smart Robot Group' },
    });
    // The search text follows the new title.
    const found = await getJson<{ results: Enterprise[] }>('/enterprises/search', { keyword: '集团' });
    expect(found.results.map((item) => item._id.$id)).toEqual([e.robotCn]);
    const badMail = await t.call('PUT', `/api/enterprises/${e.robotCn}`, {
      headers: bearer(owner),
      form: { email: 'not-an-address' },
    });
    expect(badMail.json()).toMatchObject({ code: 'email.invalid' });
  });
});

describe('products of the bound exhibitor (§6)', () => {
  it('only the bound exhibitor adds, edits and deletes its products', async () => {
    await newExhibitorAccount(t.database.db, {
      meetingId,
      account: 'foods-manager',
      password: 'tea time',
      enterpriseId: e.foods,
    });
    const owner = await newLogin(deps(), meetingId);
    const stranger = await newLogin(deps(), meetingId);
    const bound = await t.call('POST', '/api/exhibitor/bindings', {
      headers: bearer(owner),
      form: { meeting_id: meetingId, account: 'foods-manager', password: 'tea time' },
    });
    expect(bound.statusCode).toBe(200);

    const body = {
      enterprise_id: e.foods,
      title: { zh: '有机绿茶', en: 'Organic green tea' },
      images: ['/a.png'],
    };
    const refused = await t.call('POST', '/api/enterprise/products', {
      headers: bearer(stranger),
      form: body,
    });
    expect(refused.statusCode).toBe(403);
    const emptyTitle = await t.call('POST', '/api/enterprise/products', {
      headers: bearer(owner),
      form: { enterprise_id: e.foods, title: { en: ' ' } },
    });
    expect(emptyTitle.statusCode).toBe(400);
    const created = await t.call('POST', '/api/enterprise/products', { headers: bearer(owner), form: body });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json() as Product;
    expect(product).toMatchObject({
      title: { en: 'Organic green tea' },
      images: ['/a.png'],
      enterprise_id: { $id: e.foods },
    });
    const found = await getJson<{ results: Product[] }>('/enterprise/products/search', { keyword: '绿茶' });
    expect(found.results.map((item) => item._id.$id)).toEqual([product._id.$id]);

    const before = await t.database.db.select().from(products).where(eq(products.id, product._id.$id));
    const strangerEdit = await t.call('PUT', `/api/enterprise/products/${product._id.$id}`, {
      headers: bearer(stranger),
      form: { title: 'Stolen' },
    });
    expect(strangerEdit.statusCode).toBe(403);
    expect(await t.database.db.select().from(products).where(eq(products.id, product._id.$id))).toEqual(
      before,
    );
    const strangerDelete = await t.call('DELETE', `/api/enterprise/products/${product._id.$id}`, {
      headers: bearer(stranger),
    });
    expect(strangerDelete.statusCode).toBe(403);

    const edited = await t.call('PUT', `/api/enterprise/products/${product._id.$id}`, {
      headers: bearer(owner),
      form: { title: { en: 'Jasmine tea' } },
    });
    expect(edited.json()).toMatchObject({ title: { en: 'Jasmine tea' } });
    const deleted = await t.call('DELETE', `/api/enterprise/products/${product._id.$id}`, {
      headers: bearer(owner),
    });
    expect(deleted.json()).toEqual({ ok: 1 });
    const listed = await getJson<{ results: Product[] }>('/enterprise/products', { enterprise_id: e.foods });
    expect(listed.results.map((item) => item._id.$id)).toEqual([e.productTea]);
  });

  it('refuses an unknown category with 400 and changes nothing (found by the fuzz run)', async () => {
    await newExhibitorAccount(t.database.db, {
      meetingId,
      account: 'foods-helper',
      password: 'tea time',
      enterpriseId: e.foods,
    });
    const owner = await newLogin(deps(), meetingId);
    const bound = await t.call('POST', '/api/exhibitor/bindings', {
      headers: bearer(owner),
      form: { meeting_id: meetingId, account: 'foods-helper', password: 'tea time' },
    });
    expect(bound.statusCode).toBe(200);
    const productsBefore = await t.database.db.select().from(products).orderBy(products.id);

    const unknownCategory = await t.call('POST', '/api/enterprise/products', {
      headers: bearer(owner),
      json: { enterprise_id: e.foods, title: 'Oolong', category_id: ids.missing },
    });
    expect(unknownCategory.statusCode, unknownCategory.body).toBe(400);
    expect(unknownCategory.json()).toMatchObject({ code: 'validation_failed', message: /category_id/ });
    const editUnknown = await t.call('PUT', `/api/enterprise/products/${e.productTea}`, {
      headers: bearer(owner),
      json: { category_id: ids.missing, weight: 99 },
    });
    expect(editUnknown.statusCode, editUnknown.body).toBe(400);
    expect(await t.database.db.select().from(products).orderBy(products.id)).toEqual(productsBefore);

    const editKnown = await t.call('PUT', `/api/enterprise/products/${e.productTea}`, {
      headers: bearer(owner),
      json: { category_id: ids.speakerCategory },
    });
    expect(editKnown.statusCode, editKnown.body).toBe(200);
    expect(editKnown.json()).toMatchObject({ category_id: { $id: ids.speakerCategory } });
  });
});
