import { createHash } from 'node:crypto';
import { fileUrl } from '@app/contracts';
import { and, count, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { exhibitorAccounts } from '../modules/auth/auth.tables.ts';
import { categories } from '../modules/categories/categories.tables.ts';
import { buildSearchText } from '../modules/enterprises/enterprises.search.ts';
import { enterprises } from '../modules/enterprises/enterprises.tables.ts';
import { exhibitors } from '../modules/exhibitors/exhibitors.tables.ts';
import { originalStorageKey } from '../modules/media/media.keys.ts';
import { insertUploadThen } from '../modules/media/media.repository.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { products } from '../modules/products/products.tables.ts';
import type { Storage } from '../providers/storage/storage.ts';
import {
  type GeneratedExhibitor,
  type GeneratorOptions,
  generateCategories,
  generateExhibitors,
} from './exhibitors-generator.ts';
import { storeGeneratedImage } from './generated-images.ts';

/**
 * Host suffix of every generated enterprise's website: the marker that tells generated exhibitors
 * from real ones (`example.com` is reserved, RFC 2606, so no real company has it).
 */
export const generatedWebsiteSuffix = '.example.com';

/** Distinct product images rendered once and shared by all generated products. */
const imageCount = 12;
/** What the generator's logo index ranges over; unused since each logo is drawn from its name. */
const logoCount = 12;

const palette = [
  '#0e7c6b',
  '#2f54eb',
  '#d4380d',
  '#722ed1',
  '#d48806',
  '#08979c',
  '#c41d7f',
  '#389e0d',
  '#1d39c4',
  '#cf1322',
  '#531dab',
  '#7c8b00',
];

/** A 24-hex id fixed by name, so the shared images keep their keys across runs and databases. */
function fixedId(name: string): string {
  return createHash('sha256').update(`seed-image:${name}`).digest('hex').slice(0, 24);
}

function productSvg(index: number): string {
  const from = palette[index % palette.length] as string;
  const to = palette[(index + 5) % palette.length] as string;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><rect x="250" y="150" width="300" height="300" rx="${(index % 3) * 60}" fill="#fff" fill-opacity="0.85"/><circle cx="400" cy="300" r="${60 + (index % 4) * 15}" fill="${to}" fill-opacity="0.8"/></svg>`;
}

/**
 * Renders the shared product images with sharp and stores them like uploads (an `uploads`
 * row plus the bytes under `image/<fixed id>/<name>.png`), so `/api/files/image/…` serves them and
 * resize suffixes work. Images already there are kept. (Logos are each enterprise's own, drawn
 * from its name: generated-images.ts.)
 * @returns the file URLs of the product images
 */
export async function ensureSeedImages(deps: {
  db: Database;
  storage: Storage;
}): Promise<{ images: string[] }> {
  const make = async (kind: 'product', index: number) => {
    const name = `${kind}-${String(index + 1).padStart(2, '0')}.png`;
    const id = fixedId(name);
    const key = `${id}/${name}`;
    const storageKey = originalStorageKey('image', key);
    const stored = await deps.storage.get(storageKey);
    stored?.body.destroy();
    if (!stored) {
      const svg = productSvg(index);
      const image = sharp(Buffer.from(svg)).png({ compressionLevel: 9 });
      const { data, info } = await image.toBuffer({ resolveWithObject: true });
      await insertUploadThen(
        deps.db,
        {
          id,
          bucket: 'image',
          key,
          userId: null,
          meetingId: null,
          mime: 'image/png',
          size: data.length,
          width: info.width,
          height: info.height,
          originalName: name,
        },
        async () => {},
      );
      await deps.storage.put(storageKey, data, 'image/png');
    }
    return fileUrl('image', key);
  };
  const images: string[] = [];
  for (let index = 0; index < imageCount; index++) images.push(await make('product', index));
  return { images };
}

export type SeedExhibitorsInput = {
  meetingId: string;
  count: number;
  seed?: number;
  /** What to do when the meeting already has generated exhibitors: refuse (default) or replace them. */
  onExisting?: 'refuse' | 'replace';
  /** Exhibitors per transaction (default 500). */
  batchSize?: number;
  /** Called after each batch with exhibitors done and the total. */
  onProgress?: (done: number, total: number) => void;
};

export type SeedExhibitorsResult = {
  exhibitors: number;
  products: number;
  /** Generated exhibitors removed first (onExisting 'replace'). */
  replaced: number;
  /**
   * Exhibitor accounts of the meeting that managed a removed generated enterprise (the demo
   * exhibitor's) and now manage {@link firstEnterpriseId} instead of nothing.
   */
  accountsRebound: number;
  categoriesCreated: number;
  /** Enterprise of the first generated exhibitor (booth A1-001), e.g. for a demo exhibitor account. */
  firstEnterpriseId: string | null;
};

/** Thrown for a meeting that cannot be seeded; the message says why. */
export class SeedRefusedError extends Error {}

/** Number of the meeting's exhibitors whose enterprise carries the generated marker. */
async function countGenerated(db: Database, meetingId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(and(eq(exhibitors.meetingId, meetingId), like(enterprises.website, `%${generatedWebsiteSuffix}`)));
  return row?.total ?? 0;
}

/**
 * Removes the meeting's generated exhibitors with their enterprises and products (enterprises that
 * also exhibit at another meeting keep existing; only this meeting's exhibitor rows and products go).
 * Exhibitor accounts of the meeting that managed a removed enterprise are unbound (the foreign key
 * sets them to null) and listed, so the caller can bind them to a new one.
 * @returns the number of exhibitor rows removed and the ids of the accounts left without an enterprise
 */
async function removeGenerated(
  db: Database,
  meetingId: string,
): Promise<{ removed: number; unboundAccountIds: string[] }> {
  return db.transaction(async (tx) => {
    const generated = tx
      .select({ id: enterprises.id })
      .from(enterprises)
      .where(like(enterprises.website, `%${generatedWebsiteSuffix}`));
    const bound = await tx
      .select({ id: exhibitorAccounts.id })
      .from(exhibitorAccounts)
      .where(
        and(eq(exhibitorAccounts.meetingId, meetingId), inArray(exhibitorAccounts.enterpriseId, generated)),
      );
    const removed = await tx
      .delete(exhibitors)
      .where(and(eq(exhibitors.meetingId, meetingId), inArray(exhibitors.enterpriseId, generated)))
      .returning({ enterpriseId: exhibitors.enterpriseId });
    await tx
      .delete(products)
      .where(and(eq(products.meetingId, meetingId), inArray(products.enterpriseId, generated)));
    await tx.execute(
      sql`delete from ${enterprises} e where e.website like ${`%${generatedWebsiteSuffix}`}
        and not exists (select 1 from ${exhibitors} x where x.enterprise_id = e.id)
        and not exists (select 1 from ${products} p where p.enterprise_id = e.id)`,
    );
    const unbound =
      bound.length === 0
        ? []
        : await tx
            .select({ id: exhibitorAccounts.id })
            .from(exhibitorAccounts)
            .where(
              and(
                inArray(
                  exhibitorAccounts.id,
                  bound.map((account) => account.id),
                ),
                isNull(exhibitorAccounts.enterpriseId),
              ),
            );
    return { removed: removed.length, unboundAccountIds: unbound.map((account) => account.id) };
  });
}

/**
 * The meeting's `industry` and `exhibitor_group` categories for the generator's keys: existing ones
 * (same type and English title) are reused, missing ones created.
 */
async function ensureCategories(
  db: Database,
  meetingId: string,
): Promise<{ ids: Map<string, string>; created: number }> {
  const wanted = generateCategories();
  const existing = await db
    .select({ id: categories.id, type: categories.type, title: categories.title })
    .from(categories)
    .where(
      and(
        eq(categories.meetingId, meetingId),
        inArray(categories.type, ['industry', 'exhibitor_group']),
        eq(categories.deleted, 0),
      ),
    );
  const ids = new Map<string, string>();
  const rows: (typeof categories.$inferInsert)[] = [];
  for (const category of wanted) {
    const found = existing.find(
      (row) =>
        row.type === category.type &&
        typeof row.title === 'object' &&
        (row.title as Record<string, string>).en === category.title.en,
    );
    const id = found?.id ?? newId();
    ids.set(`${category.type}:${category.key}`, id);
    if (!found)
      rows.push({ id, meetingId, type: category.type, title: category.title, weight: category.weight });
  }
  if (rows.length > 0) await db.insert(categories).values(rows);
  return { ids, created: rows.length };
}

// Products per insert statement: 10 bound columns each stays far below PostgreSQL's 65,535 parameters.
const productsPerStatement = 2_000;

/**
 * Fills a meeting with `count` generated exhibitors: their enterprises (logo, contact,
 * description, industry), exhibitor rows (booth, group, industry, weight) and 10 products each (image,
 * description), plus the `industry` and `exhibitor_group` categories. One transaction per batch of
 * `batchSize` exhibitors; progress reported after each. Deterministic names for a given seed;
 * creation times step back one second per exhibitor so the default order is stable. The tables are
 * analysed at the end.
 * Without `storage` the enterprises and products get no images.
 * @throws SeedRefusedError when the meeting does not exist, or already has generated exhibitors and
 *   `onExisting` is not 'replace'; RangeError for a count outside 1..100000
 */
export async function seedExhibitors(
  deps: { db: Database; storage?: Storage },
  input: SeedExhibitorsInput,
): Promise<SeedExhibitorsResult> {
  const { db } = deps;
  const [meeting] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(eq(meetings.id, input.meetingId))
    .limit(1);
  if (!meeting) throw new SeedRefusedError(`meeting ${input.meetingId} does not exist`);
  const existing = await countGenerated(db, input.meetingId);
  let replaced = 0;
  let unboundAccountIds: string[] = [];
  if (existing > 0) {
    if (input.onExisting !== 'replace') {
      throw new SeedRefusedError(
        `meeting ${input.meetingId} already has ${existing} generated exhibitors; pass --replace to replace them`,
      );
    }
    ({ removed: replaced, unboundAccountIds } = await removeGenerated(db, input.meetingId));
  }
  const media = deps.storage ? await ensureSeedImages({ db, storage: deps.storage }) : undefined;
  // Each brand-and-trade's logo is drawn and stored once per run (a few hundred for any count).
  const logos = new Map<string, Promise<string>>();
  const logoOf = (name: string): Promise<string> => {
    const storage = deps.storage;
    if (!storage) return Promise.resolve('');
    let logo = logos.get(name);
    if (!logo) {
      logo = storeGeneratedImage({ db, storage }, 'logo', name);
      logos.set(name, logo);
    }
    return logo;
  };
  const { ids: categoryIds, created: categoriesCreated } = await ensureCategories(db, input.meetingId);
  const options: GeneratorOptions = {
    count: input.count,
    logoCount,
    imageCount,
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
  };
  const batchSize = Math.max(1, input.batchSize ?? 500);
  const startedAt = Date.now();
  let done = 0;
  let productTotal = 0;
  let firstEnterpriseId: string | null = null;
  let accountsRebound = 0;
  let batch: GeneratedExhibitor[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const enterpriseRows: (typeof enterprises.$inferInsert)[] = [];
    const exhibitorRows: (typeof exhibitors.$inferInsert)[] = [];
    const productRows: (typeof products.$inferInsert)[] = [];
    for (const generated of batch) {
      const enterpriseId = newId();
      firstEnterpriseId ??= enterpriseId;
      const createdAt = new Date(startedAt - generated.index * 1000);
      const industryId = categoryIds.get(`industry:${generated.industry}`) ?? null;
      enterpriseRows.push({
        id: enterpriseId,
        title: generated.title,
        logo: await logoOf(generated.logoName),
        description: generated.description,
        images: media ? [media.images[generated.products[0]?.imageIndex ?? 0] as string] : [],
        website: generated.website,
        phone: generated.phone,
        email: generated.email,
        industryCategoryId: industryId,
        searchText: buildSearchText(generated.title),
        weight: generated.weight,
        createdAt,
        updatedAt: createdAt,
      });
      exhibitorRows.push({
        id: newId(),
        meetingId: input.meetingId,
        enterpriseId,
        booth: generated.booth,
        exhibitorGroupCategoryId: categoryIds.get(`exhibitor_group:${generated.group}`) ?? null,
        industryCategoryId: industryId,
        weight: generated.weight,
        createdAt,
        updatedAt: createdAt,
      });
      generated.products.forEach((product, position) => {
        const productCreatedAt = new Date(createdAt.getTime() - position);
        productRows.push({
          id: newId(),
          enterpriseId,
          meetingId: input.meetingId,
          title: product.title,
          images: media ? [media.images[product.imageIndex] as string] : [],
          description: product.description,
          searchText: buildSearchText(product.title),
          weight: product.weight,
          createdAt: productCreatedAt,
          updatedAt: productCreatedAt,
        });
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(enterprises).values(enterpriseRows);
      await tx.insert(exhibitors).values(exhibitorRows);
      for (let at = 0; at < productRows.length; at += productsPerStatement) {
        await tx.insert(products).values(productRows.slice(at, at + productsPerStatement));
      }
      // With the first batch, the accounts the removal unbound manage the new first enterprise
      // (the demo exhibitor keeps an enterprise, its slots and its login across a re-seed).
      if (firstEnterpriseId && unboundAccountIds.length > 0) {
        const rebound = await tx
          .update(exhibitorAccounts)
          .set({ enterpriseId: firstEnterpriseId })
          .where(
            and(inArray(exhibitorAccounts.id, unboundAccountIds), isNull(exhibitorAccounts.enterpriseId)),
          )
          .returning({ id: exhibitorAccounts.id });
        accountsRebound = rebound.length;
        unboundAccountIds = [];
      }
    });
    done += batch.length;
    productTotal += productRows.length;
    batch = [];
    input.onProgress?.(done, input.count);
  };
  for (const generated of generateExhibitors(options)) {
    batch.push(generated);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // Fresh statistics, so the planner uses the indexes at once instead of after autovacuum's next turn.
  await db.execute(sql`analyze ${enterprises}, ${exhibitors}, ${products}, ${categories}`);
  return {
    exhibitors: done,
    products: productTotal,
    replaced,
    accountsRebound,
    categoriesCreated,
    firstEnterpriseId,
  };
}
