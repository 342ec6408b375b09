import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

/**
 * SQL of the copilot's evaluation: the stable keys of cited items whose ids are made at seed time
 * (a session's schedule guid, a speaker's name, an exhibitor's booth and industry, a product's
 * English title), so questions.json names them across seeds.
 */

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Keys per item: 'agenda:<id>' → ['guid:…'], 'exhibitor:<id>' → ['booth:…', 'industry:…'] …. */
export async function findItemKeys(
  db: Database,
  ids: { agenda: string[]; speaker: string[]; exhibitor: string[]; product: string[] },
): Promise<Map<string, string[]>> {
  const keys = new Map<string, string[]>();
  const add = (type: string, id: string, key: string) => {
    const list = keys.get(`${type}:${id}`) ?? [];
    list.push(key);
    keys.set(`${type}:${id}`, list);
  };
  if (ids.agenda.length > 0) {
    const rows = await rowsOf<{ id: string; guid: string }>(
      db,
      sql`SELECT id, guid FROM agendas WHERE id = ANY(${sql.param(ids.agenda)}::text[])`,
    );
    for (const row of rows) add('agenda', row.id, `guid:${row.guid}`);
  }
  if (ids.speaker.length > 0) {
    const rows = await rowsOf<{ id: string; name: string }>(
      db,
      sql`SELECT id, name FROM speakers WHERE id = ANY(${sql.param(ids.speaker)}::text[])`,
    );
    for (const row of rows) add('speaker', row.id, `name:${row.name}`);
  }
  if (ids.exhibitor.length > 0) {
    const rows = await rowsOf<{ id: string; booth: string; industry: string | null }>(
      db,
      sql`SELECT x.id, x.booth, c.title->>'en' AS industry FROM exhibitors x
        LEFT JOIN categories c ON c.id = x.industry_category_id
        WHERE x.id = ANY(${sql.param(ids.exhibitor)}::text[])`,
    );
    for (const row of rows) {
      add('exhibitor', row.id, `booth:${row.booth}`);
      if (row.industry) add('exhibitor', row.id, `industry:${row.industry}`);
    }
  }
  if (ids.product.length > 0) {
    const rows = await rowsOf<{ id: string; title: string | null }>(
      db,
      sql`SELECT id, COALESCE(title->>'en', title#>>'{}') AS title FROM products
        WHERE id = ANY(${sql.param(ids.product)}::text[])`,
    );
    for (const row of rows) add('product', row.id, `title:${row.title ?? ''}`);
  }
  return keys;
}
