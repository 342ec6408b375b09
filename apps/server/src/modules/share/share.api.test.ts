import { shareCardPath, shareCardSizes, sharePagePath } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { demoMeetingId } from '../../seeds/demo-meeting.data.ts';
import { seedDemoMeeting } from '../../seeds/demo-meeting.ts';
import { activities } from '../activities/activities.tables.ts';
import { exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { products } from '../products/products.tables.ts';

let t: TestApp;
let enterpriseId: string;
const origin = 'https://expo.example.org';

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: origin, WEBVIEW_DOMAINS: 'partner.example.com,*.trusted.org' },
  });
  await seedDemoMeeting({ db: t.database.db, storage: createStorage(t.app.deps.config) });
  const [first] = await t.database.db
    .select({ enterpriseId: exhibitors.enterpriseId })
    .from(exhibitors)
    .where(and(eq(exhibitors.meetingId, demoMeetingId), eq(exhibitors.booth, 'A1-001')));
  enterpriseId = first?.enterpriseId as string;
});
afterAll(() => t.close());

/** A crawler's or browser's request: no Apikey, no device headers. */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The content attribute of a `<meta property|name="…">` tag, HTML entities left as they are. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

describe('GET /s/:type (share page, §2 share links)', () => {
  it('renders Open Graph and Twitter tags of an activity, then sends people to its hash route', async () => {
    const res = await get(
      sharePagePath({ type: 'activity', meetingId: demoMeetingId, id: demoActivityIds.forum }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const [activity] = await t.database.db
      .select({ title: activities.title })
      .from(activities)
      .where(eq(activities.id, demoActivityIds.forum));
    const title = typeof activity?.title === 'string' ? activity.title : (activity?.title.en ?? '');
    expect(meta(html, 'og:title')).toBe(title.replace(/&/g, '&amp;'));
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:locale')).toBe('en_US');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const landing = `${origin}/#/meeting/activity/detail?activity_id=${demoActivityIds.forum}&amp;meeting_id=${demoMeetingId}`;
    expect(html).toContain(
      `<link rel="canonical" href="${origin}/s/activity?activity_id=${demoActivityIds.forum}&amp;meeting_id=${demoMeetingId}">`,
    );
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${landing}">`);
    expect(html).toContain(`<a href="${landing}">Open the page</a>`);
    expect(meta(html, 'og:image')).toBe(
      `${origin}/api/share/activity/card.png?id=${demoActivityIds.forum}&amp;meeting_id=${demoMeetingId}&amp;lang=en`,
    );
    // The inline redirect is allowed by its hash and nothing else runs.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('reads the language from `lang`, falling back to English, then the first non-empty value', async () => {
    const zh = await get(sharePagePath({ type: 'home', meetingId: demoMeetingId, lang: 'zh' }));
    expect(zh.body).toContain('<html lang="zh" dir="ltr">');
    expect(meta(zh.body, 'og:locale')).toBe('zh_CN');
    expect(zh.body).toContain('打开页面');
    const ar = await get(sharePagePath({ type: 'home', meetingId: demoMeetingId, lang: 'ar' }));
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    const unknown = await get(sharePagePath({ type: 'home', meetingId: demoMeetingId, lang: 'xx' }));
    expect(unknown.body).toContain('<html lang="en" dir="ltr">');
    // A product whose title has only Chinese shows the Chinese title in English too.
    const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1);
    await t.database.db
      .update(products)
      .set({ title: { en: '', zh: '只有中文' } })
      .where(eq(products.id, product?.id as string));
    const page = await get(
      sharePagePath({ type: 'product', meetingId: demoMeetingId, id: product?.id, lang: 'en' }),
    );
    expect(meta(page.body, 'og:title')).toBe('只有中文');
  });

  it('escapes every value: a hostile title cannot add tags or scripts', async () => {
    const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1);
    const hostile = `"><script>alert(1)</script><meta property="og:title" content="x'`;
    await t.database.db
      .update(products)
      .set({ title: hostile, description: '<img src=x onerror=alert(1)>Fresh &amp; <b>bold</b>' })
      .where(eq(products.id, product?.id as string));
    const res = await get(sharePagePath({ type: 'product', meetingId: demoMeetingId, id: product?.id }));
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('onerror');
    expect(res.body.match(/property="og:title"/g)).toHaveLength(1);
    // Titles are plain text: the script element is dropped, what is left is escaped.
    expect(meta(res.body, 'og:title')).toBe(
      '&quot;&gt; &lt;meta property=&quot;og:title&quot; content=&quot;x&#39;',
    );
    expect(meta(res.body, 'og:description')).toBe('Fresh &amp; bold');
    // A hostile query cannot reach the page either.
    const query = await get(`/s/home?meeting_id=${demoMeetingId}&lang=%22%3E%3Cscript%3E`);
    expect(query.body).not.toContain('"><script>');
  });

  it('shows the meeting card for types without a table yet, unknown or missing items', async () => {
    const home = await get(sharePagePath({ type: 'home', meetingId: demoMeetingId }));
    for (const page of [
      await get(sharePagePath({ type: 'vote', meetingId: demoMeetingId, id: 'f'.repeat(24) })),
      await get(sharePagePath({ type: 'activity', meetingId: demoMeetingId, id: 'f'.repeat(24) })),
      await get(sharePagePath({ type: 'enterprise', meetingId: demoMeetingId })),
      await get(`/s/speaker?speaker_id=not-an-id&meeting_id=${demoMeetingId}`),
    ]) {
      expect(page.statusCode).toBe(200);
      expect(meta(page.body, 'og:title')).toBe(meta(home.body, 'og:title'));
    }
    // The landing still carries the item's parameter, so the app shows its own not-found state.
    const vote = await get(sharePagePath({ type: 'vote', meetingId: demoMeetingId, id: 'f'.repeat(24) }));
    expect(vote.body).toContain(`/#/activity/vote?vote_id=${'f'.repeat(24)}&amp;meeting_id=`);
  });

  it('shares a published news item, never a draft', async () => {
    const { news } = await import('../news/news.tables.ts');
    const published = 'a1a1a1a1a1a1a1a1a1a1a1a1';
    const draft = 'b2b2b2b2b2b2b2b2b2b2b2b2';
    await t.database.db.insert(news).values([
      {
        id: published,
        meetingId: demoMeetingId,
        title: { en: 'Doors open at nine', zh: '九点开门' },
        summary: { en: 'Bring your ticket' },
        status: 'published',
        publishedAt: new Date(),
      },
      { id: draft, meetingId: demoMeetingId, title: { en: 'Secret draft' }, status: 'draft' },
    ]);
    const zh = await get(
      sharePagePath({ type: 'news', meetingId: demoMeetingId, id: published, lang: 'zh' }),
    );
    expect(meta(zh.body, 'og:title')).toBe('九点开门');
    expect(zh.body).toContain(`/#/meeting/news/detail?news_id=${published}&amp;meeting_id=`);
    const secret = await get(sharePagePath({ type: 'news', meetingId: demoMeetingId, id: draft }));
    expect(secret.body).not.toContain('Secret draft');
  });

  it('answers a small 404 page for an unknown type or meeting', async () => {
    expect((await get(`/s/nothing?meeting_id=${demoMeetingId}`)).statusCode).toBe(404);
    expect((await get(`/s/home?meeting_id=${'f'.repeat(24)}`)).statusCode).toBe(404);
    expect((await get('/s/home')).statusCode).toBe(404);
  });
});

describe('GET /api/share/:type/card.png (share card)', () => {
  it('renders a 1200×630 PNG once, then serves it from storage; 304 on its ETag', async () => {
    const url = shareCardPath({ type: 'enterprise', meetingId: demoMeetingId, id: enterpriseId, lang: 'zh' });
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-share-card-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'png', ...shareCardSizes.card });
    const second = await get(url);
    expect(second.headers['x-share-card-cache']).toBe('hit');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('renders the 120×120 share thumbnail (§9)', async () => {
    const res = await get(shareCardPath({ type: 'home', meetingId: demoMeetingId, size: 'thumb' }));
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', ...shareCardSizes.thumb });
  });

  it('renders a new card when the title changes', async () => {
    const url = shareCardPath({ type: 'activity', meetingId: demoMeetingId, id: demoActivityIds.forum });
    const before = await get(url);
    expect(before.headers['x-share-card-cache']).toBe('miss');
    await t.database.db
      .update(activities)
      .set({ title: { en: 'Renamed forum', zh: '改名论坛' } })
      .where(eq(activities.id, demoActivityIds.forum));
    const after = await get(url);
    expect(after.headers['x-share-card-cache']).toBe('miss');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('refuses an unknown type or meeting without a 5xx', async () => {
    expect((await get(`/api/share/nothing/card.png?meeting_id=${demoMeetingId}`)).statusCode).toBe(400);
    expect((await get(`/api/share/home/card.png?meeting_id=${'f'.repeat(24)}`)).statusCode).toBe(404);
    expect((await get('/api/share/home/card.png?meeting_id=nope')).statusCode).toBe(400);
  });
});

describe('short links (§7 Static, §2 /etc/redirect)', () => {
  const shorten = (target: string) => t.call('GET', apiUrl('/short_links', { target }));

  it('gives an allowed target a stable hash and follows it with a 302', async () => {
    const target = `${origin}/#/meeting/activity/detail?activity_id=${demoActivityIds.forum}&meeting_id=${demoMeetingId}`;
    const res = await shorten(target);
    expect(res.statusCode).toBe(200);
    const { hash, url } = res.json();
    expect(hash).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(url).toBe(`${origin}/#/etc/redirect?hash=${hash}`);
    expect((await shorten(target)).json().hash).toBe(hash);
    const follow = await get(`/api/short_links/${hash}`);
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe(target);
  });

  it('accepts own paths, hash routes and the allowed web-view domains', async () => {
    for (const [target, stored] of [
      ['/#/meeting/home', `${origin}/#/meeting/home`],
      ['#/meeting/news', `${origin}/#/meeting/news`],
      ['https://partner.example.com/page?a=1', 'https://partner.example.com/page?a=1'],
      ['https://deep.sub.trusted.org/x', 'https://deep.sub.trusted.org/x'],
      ['/%2F%2Fevil.com', `${origin}/%2F%2Fevil.com`],
    ] as const) {
      const res = await shorten(target);
      expect(res.statusCode, target).toBe(200);
      expect(res.json().target).toBe(stored);
    }
  });

  it.each([
    'https://evil.com/',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'https:evil.com',
    'https:/evil.com',
    'http://evil.com%2F@expo.example.org/',
    `${origin}@evil.com/`,
    'https://expo.example.org.evil.com/',
    'https://user:pw@expo.example.org/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'java\tscript:alert(1)',
    ' //evil.com',
    '\t//evil.com',
    'data:text/html,<script>alert(1)</script>',
    '%2F%2Fevil.com',
    '%2f%2fevil.com',
    'evil.com',
    'https://partner.example.com.evil.com/',
    'ftp://partner.example.com/',
  ])('refuses %j with 400 and stores nothing', async (target) => {
    const res = await shorten(target);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('short_link.target_not_allowed');
  });

  it('answers 404 for an unknown hash and for a stored target no longer allowed — never a redirect', async () => {
    expect((await get('/api/short_links/AAAAAAAAAA')).statusCode).toBe(404);
    expect((await get('/api/short_links/..%2f..%2fevil')).statusCode).toBe(400);
    const { shortLinks } = await import('./share.tables.ts');
    await t.database.db.insert(shortLinks).values({ hash: 'planted0001', target: 'https://evil.com/' });
    const planted = await get('/api/short_links/planted0001');
    expect(planted.statusCode).toBe(404);
    expect(planted.headers.location).toBeUndefined();
  });
});
