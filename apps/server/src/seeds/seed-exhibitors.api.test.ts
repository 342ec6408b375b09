import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sizedImageUrl } from '@app/contracts/wire/image-sizes.ts';
import { and, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runSeedCli } from '../cli/seed.ts';
import { categories } from '../modules/categories/categories.tables.ts';
import { enterprises } from '../modules/enterprises/enterprises.tables.ts';
import { exhibitors } from '../modules/exhibitors/exhibitors.tables.ts';
import { parseImageSuffix, variantName } from '../modules/media/media.images.ts';
import { variantStorageKey } from '../modules/media/media.keys.ts';
import { products } from '../modules/products/products.tables.ts';
import { speakers } from '../modules/speakers/speakers.tables.ts';
import { createStorage } from '../providers/storage/create-storage.ts';
import { demoMeetingId } from './demo-meeting.data.ts';
import { demoExhibitorCount, seedDemoMeeting } from './demo-meeting.ts';
import { generatedImageKey } from './generated-images.ts';
import { SeedRefusedError, seedExhibitors } from './seed-exhibitors.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMeeting({ db: t.database.db, storage: createStorage(t.app.deps.config) });
});
afterAll(() => t.close());

async function meetingTotals(meetingId: string) {
  const db = t.database.db;
  const [exhibitorRows] = await db
    .select({ total: count() })
    .from(exhibitors)
    .where(eq(exhibitors.meetingId, meetingId));
  const [productRows] = await db
    .select({ total: count() })
    .from(products)
    .where(eq(products.meetingId, meetingId));
  return { exhibitors: exhibitorRows?.total ?? 0, products: productRows?.total ?? 0 };
}

describe('seeding generated exhibitors', () => {
  it('gives the demo meeting its exhibitors, ten products each, categories and a bound demo account', async () => {
    expect(await meetingTotals(demoMeetingId)).toEqual({
      exhibitors: demoExhibitorCount,
      products: demoExhibitorCount * 10,
    });
    const rows = await t.database.db
      .select({ type: categories.type, weight: categories.weight })
      .from(categories)
      .where(
        and(
          eq(categories.meetingId, demoMeetingId),
          inArray(categories.type, ['industry', 'exhibitor_group']),
        ),
      );
    expect(rows.filter((row) => row.type === 'industry').length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((row) => row.type === 'exhibitor_group').length).toBeGreaterThanOrEqual(5);
    const [first] = await t.database.db
      .select({ booth: exhibitors.booth, title: enterprises.title, search: enterprises.searchText })
      .from(exhibitors)
      .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
      .where(and(eq(exhibitors.meetingId, demoMeetingId), eq(exhibitors.booth, 'A1-001')));
    expect(first?.title).toMatchObject({
      zh: expect.any(String),
      en: expect.any(String),
      ja: expect.any(String),
    });
    const title = first?.title as Record<string, string>;
    expect(first?.search).toContain(title.zh);
    expect(first?.search).toContain(String(title.en).toLowerCase());
  });

  it('stores real images the files route serves (logos and product images)', async () => {
    const [row] = await t.database.db
      .select({ logo: enterprises.logo, images: enterprises.images })
      .from(exhibitors)
      .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
      .where(eq(exhibitors.meetingId, demoMeetingId))
      .limit(1);
    expect(row?.logo).toMatch(/^\/api\/files\/image\/[0-9a-f]{24}\/logo\.png$/);
    for (const url of [row?.logo as string, row?.images[0] as string]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.width).toBeGreaterThanOrEqual(256);
    }
    const [product] = await t.database.db
      .select({ images: products.images })
      .from(products)
      .where(eq(products.meetingId, demoMeetingId))
      .limit(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `${product?.images[0]}?imageView2/1/w/128/h/128` }))
        .statusCode,
    ).toBe(200);
  });

  it('gives each brand a logo and each speaker a portrait drawn from the name', async () => {
    const rows = await t.database.db
      .select({ logo: enterprises.logo, website: enterprises.website })
      .from(exhibitors)
      .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
      .where(eq(exhibitors.meetingId, demoMeetingId));
    // The website host is `<brand>-<trade>-<n>.example.com`: one logo per brand and trade.
    const brandOf = (website: string) => /^https:\/\/(.+)-\d+\.example\.com$/.exec(website)?.[1];
    const logosByBrand = new Map<string, Set<string>>();
    for (const row of rows) {
      const brand = brandOf(row.website) ?? '';
      logosByBrand.set(brand, (logosByBrand.get(brand) ?? new Set()).add(row.logo));
    }
    expect(logosByBrand.size).toBeGreaterThan(50);
    for (const logos of logosByBrand.values()) expect(logos.size).toBe(1);
    const distinct = new Set(rows.map((row) => row.logo));
    expect(distinct.size).toBe(logosByBrand.size);
    for (const logo of distinct) expect(logo).toMatch(/^\/api\/files\/image\/[0-9a-f]{24}\/logo\.png$/);
    // The pavilion's card size is stored with each logo, so serving it renders nothing (§9 render limit).
    const [first = ''] = distinct;
    const suffix = sizedImageUrl(first, 64).split('?')[1] ?? '';
    const operation = parseImageSuffix(suffix);
    const key = first.replace('/api/files/image/', '');
    const stored = operation
      ? await createStorage(t.app.deps.config).get(variantStorageKey('image', key, variantName(operation)))
      : undefined;
    stored?.body.destroy();
    expect(stored?.mime).toBe('image/jpeg');
    const card = await t.app.inject({ method: 'GET', url: `${first}?${suffix}` });
    expect(card.statusCode).toBe(200);
    expect((await sharp(card.rawPayload).metadata()).width).toBe(128);
    const people = await t.database.db
      .select({ name: speakers.name, photo: speakers.photo })
      .from(speakers)
      .where(eq(speakers.meetingId, demoMeetingId));
    expect(people.length).toBeGreaterThan(50);
    for (const person of people) {
      expect(person.photo).toBe(`/api/files/image/${generatedImageKey('avatar', person.name).key}`);
    }
    const response = await t.app.inject({ method: 'GET', url: people[0]?.photo ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('refuses a meeting that already has generated exhibitors, replaces them when asked', async () => {
    await expect(
      seedExhibitors({ db: t.database.db }, { meetingId: demoMeetingId, count: 5 }),
    ).rejects.toThrow(/already has 300 generated exhibitors/);
    expect((await meetingTotals(demoMeetingId)).exhibitors).toBe(demoExhibitorCount);
    const progress: number[] = [];
    const result = await seedExhibitors(
      { db: t.database.db },
      {
        meetingId: demoMeetingId,
        count: 25,
        onExisting: 'replace',
        batchSize: 10,
        onProgress: (done) => progress.push(done),
      },
    );
    expect(result).toMatchObject({
      exhibitors: 25,
      products: 250,
      replaced: demoExhibitorCount,
      categoriesCreated: 0,
    });
    expect(progress).toEqual([10, 20, 25]);
    expect(await meetingTotals(demoMeetingId)).toEqual({ exhibitors: 25, products: 250 });
    // The replaced enterprises are gone, not left behind without an exhibitor.
    const [orphans] = await t.database.db.select({ total: count() }).from(enterprises);
    expect(orphans?.total).toBe(25);
  });

  it('refuses an unknown meeting', async () => {
    await expect(
      seedExhibitors({ db: t.database.db }, { meetingId: 'ffffffffffffffffffffffff', count: 1 }),
    ).rejects.toThrow(SeedRefusedError);
  });
});

describe('npm run seed', () => {
  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    let stdout = '';
    let stderr = '';
    const code = await runSeedCli(argv, {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env,
    });
    return { code, stdout, stderr };
  };

  it('explains its arguments', async () => {
    expect((await run(['--help'])).stdout).toContain('npm run seed -- exhibitors <count>');
    expect(await run(['exhibitors', 'many'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('count must be'),
    });
    expect(await run(['exhibitors', '0'])).toMatchObject({ code: 1 });
    expect(await run(['speakers', '10'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('unknown seed'),
    });
    expect(await run(['exhibitors', '10', '--meeting', 'nope'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('24-hex'),
    });
  });

  it('says so when the meeting does not exist', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
    const result = await run(['exhibitors', '3'], { DATA_DIR: dataDir, NODE_ENV: 'test' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('does not exist');
  });
});
