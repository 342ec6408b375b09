import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * SQL of the built-in assistant (§1 copilot, the retrieval engine that answers without a model):
 * a ranked OR-search over the meeting search index (search_documents, the search module's table,
 * read only) and the meeting's content pages. No rules here: copilot.builtin.ts decides.
 */

type Localized = string | Record<string, string>;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One query word as a `to_tsquery('simple', …)` lexeme: letters and digits only, Latin as prefix. */
export type IndexWord = {
  lexeme: string;
  isPrefix: boolean;
  /** The word as written when it differs from the lexeme (a plural): an exact match scores more. */
  exact?: string | undefined;
};

const lexemeOf = (word: IndexWord, weights = '') =>
  `'${word.lexeme.replace(/[^\p{L}\p{N}]/gu, '')}'${word.isPrefix ? ':*' : ''}${weights ? (word.isPrefix ? weights : `:${weights}`) : ''}`;

/**
 * How many indexed items of the meeting contain each word (any field), and how many items the
 * meeting has: the document frequencies the ranking weighs words by.
 */
export async function countWordDocuments(
  db: Database,
  meetingId: string,
  words: IndexWord[],
): Promise<{ total: number; counts: number[] }> {
  const columns = words.map(
    (word, index) =>
      sql`count(*) FILTER (WHERE words @@ to_tsquery('simple', ${lexemeOf(word)}))::int AS ${sql.identifier(`w${index}`)}`,
  );
  const rows = await rowsOf<Record<string, number>>(
    db,
    sql`SELECT count(*)::int AS total${columns.length > 0 ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
      FROM search_documents WHERE meeting_id = ${meetingId}`,
  );
  const row = rows[0] ?? { total: 0 };
  return { total: Number(row.total ?? 0), counts: words.map((_, index) => Number(row[`w${index}`] ?? 0)) };
}

/** An indexed item with its score (Σ weight of the words it holds, doubled for words in its title). */
export type IndexMatchRow = {
  itemType: string;
  itemId: string;
  parentId: string;
  title: Localized;
  summary: Localized;
  startsAt: Date | string | null;
  score: number;
  /** Σ weight of the query words the item holds (anywhere). */
  covered: number;
  /** Whether its title holds any query word. */
  titled: boolean;
};

/**
 * The meeting's indexed items holding any of `words` (OR), best score first, then the item's own
 * weight; `types` narrows the item types. Scores: Σ weight × (1 + title match + ½ exact word match)
 * per word.
 */
export async function findIndexMatches(
  db: Database,
  input: {
    meetingId: string;
    words: (IndexWord & { weight: number })[];
    types?: string[] | undefined;
    limit: number;
  },
): Promise<IndexMatchRow[]> {
  if (input.words.length === 0) return [];
  const any = input.words.map((word) => lexemeOf(word)).join(' | ');
  const anyInTitle = input.words.map((word) => lexemeOf(word, 'A')).join(' | ');
  const score = sql.join(
    input.words.map(
      (word) =>
        sql`(CASE WHEN d.words @@ to_tsquery('simple', ${lexemeOf(word)}) THEN ${word.weight}::float8 ELSE 0 END
          + CASE WHEN d.words @@ to_tsquery('simple', ${lexemeOf(word, 'A')}) THEN ${word.weight}::float8 ELSE 0 END
          + CASE WHEN d.words @@ to_tsquery('simple', ${lexemeOf({ lexeme: word.exact ?? word.lexeme, isPrefix: false })})
            THEN ${word.weight * 0.5}::float8 ELSE 0 END)`,
    ),
    sql` + `,
  );
  const covered = sql.join(
    input.words.map(
      (word) =>
        sql`(CASE WHEN d.words @@ to_tsquery('simple', ${lexemeOf(word)}) THEN ${word.weight}::float8 ELSE 0 END)`,
    ),
    sql` + `,
  );
  const onTypes =
    input.types && input.types.length > 0
      ? sql` AND d.item_type = ANY(${sql.param(input.types)}::text[])`
      : sql``;
  return rowsOf<IndexMatchRow>(
    db,
    sql`SELECT * FROM (
        SELECT d.item_type AS "itemType", d.item_id AS "itemId", d.parent_id AS "parentId", d.title, d.summary,
          d.starts_at AS "startsAt", d.weight, (${score}) AS score, (${covered}) AS covered,
          d.words @@ to_tsquery('simple', ${anyInTitle}) AS titled
        FROM search_documents d
        WHERE d.meeting_id = ${input.meetingId} AND d.words @@ to_tsquery('simple', ${any})${onTypes}
      ) ranked
      ORDER BY score DESC, weight DESC, "itemId" LIMIT ${input.limit}`,
  );
}

/** A content page of the meeting (§2 /meeting/introduction, branch, contact, conference). */
export type ContentPageRow = { id: string; kind: string; title: Localized };

/** The meeting's content pages not deleted, in creation order. */
export async function findContentPages(db: Database, meetingId: string): Promise<ContentPageRow[]> {
  return rowsOf<ContentPageRow>(
    db,
    sql`SELECT id, kind, title FROM pages WHERE meeting_id = ${meetingId} AND deleted = 0 ORDER BY created_at, id`,
  );
}

/** The exhibitor of the meeting showing this enterprise, if any (a product card's maker). */
export async function findExhibitorOfEnterprise(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<{ id: string; booth: string } | undefined> {
  const rows = await rowsOf<{ id: string; booth: string }>(
    db,
    sql`SELECT id, booth FROM exhibitors WHERE meeting_id = ${meetingId} AND enterprise_id = ${enterpriseId}
      AND deleted = 0 AND is_shown = 1 LIMIT 1`,
  );
  return rows[0];
}
