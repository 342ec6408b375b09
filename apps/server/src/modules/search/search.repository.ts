import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SearchItemType } from './search.tables.ts';

/**
 * SQL of the meeting search (/meeting/search, §2; §7 search-keyword paths): the index rows, the stale
 * marks the source tables' triggers leave, the sources an index row is built from, and the keyword log.
 * No rules here: which rows are visible is decided by the SQL the indexer asks for (search.indexer.ts).
 */

type Localized = string | Record<string, string>;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One stale mark: an item whose index rows must be rebuilt. */
export type DirtyItem = { itemType: string; itemId: string; meetingId: string | null };

/**
 * Takes (deletes and answers) up to `limit` oldest stale marks — of one meeting and the meeting-less
 * ones (enterprises, products of every meeting) when `meetingId` is given, else of any meeting. Rows
 * another transaction is taking are skipped (SKIP LOCKED), so replicas drain side by side; run it in
 * the transaction that rebuilds the rows, so a failure puts the marks back.
 */
export async function takeDirtyItems(db: Database, limit: number, meetingId?: string): Promise<DirtyItem[]> {
  const scope = meetingId ? sql`WHERE meeting_id = ${meetingId} OR meeting_id IS NULL` : sql``;
  return rowsOf<DirtyItem>(
    db,
    sql`DELETE FROM search_dirty WHERE id IN (
      SELECT id FROM search_dirty ${scope} ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) RETURNING item_type AS "itemType", item_id AS "itemId", meeting_id AS "meetingId"`,
  );
}

/** Whether stale marks of this meeting (or meeting-less ones) are left. */
export async function hasDirtyItems(db: Database, meetingId?: string): Promise<boolean> {
  const scope = meetingId ? sql`WHERE meeting_id = ${meetingId} OR meeting_id IS NULL` : sql``;
  const rows = await rowsOf<{ found: number }>(db, sql`SELECT 1 AS found FROM search_dirty ${scope} LIMIT 1`);
  return rows.length > 0;
}

/** An index row as written. `titleWords`/`bodyWords` are segmented words, space-separated. */
export type SearchDocumentInput = {
  meetingId: string;
  itemType: SearchItemType;
  itemId: string;
  parentId: string;
  title: Localized;
  summary: Localized;
  image: string;
  startsAt: Date | null;
  titleText: string;
  titleWords: string;
  bodyWords: string;
  weight: number;
};

/**
 * Deletes every index row of these items (all meetings), or only those of `meetingId`. Answers the
 * meetings that lost a row (their index version must move on: `bumpIndexVersions`).
 */
export async function deleteDocuments(
  db: Database,
  itemType: SearchItemType,
  itemIds: string[],
  meetingId?: string,
): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const inMeeting = meetingId ? sql` AND meeting_id = ${meetingId}` : sql``;
  const rows = await rowsOf<{ meetingId: string }>(
    db,
    sql`DELETE FROM search_documents WHERE item_type = ${itemType} AND item_id = ANY(${sql.param(itemIds)}::text[])${inMeeting}
      RETURNING meeting_id AS "meetingId"`,
  );
  return [...new Set(rows.map((row) => row.meetingId))];
}

/** Writes index rows (insert or replace by meeting, type and item), 500 per statement. */
export async function upsertDocuments(db: Database, docs: SearchDocumentInput[]): Promise<void> {
  for (let at = 0; at < docs.length; at += 500) {
    const values = docs.slice(at, at + 500).map(
      (
        d,
      ) => sql`(${d.meetingId}, ${d.itemType}, ${d.itemId}, ${d.parentId}, ${JSON.stringify(d.title)}::jsonb,
        ${JSON.stringify(d.summary)}::jsonb, ${d.image}, ${d.startsAt ? d.startsAt.toISOString() : null}::timestamptz,
        ${d.titleText},
        setweight(to_tsvector('simple', ${d.titleWords}), 'A') || setweight(to_tsvector('simple', ${d.bodyWords}), 'B'),
        ${d.weight}, now())`,
    );
    await db.execute(sql`INSERT INTO search_documents
      (meeting_id, item_type, item_id, parent_id, title, summary, image, starts_at, title_text, words, weight, updated_at)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (meeting_id, item_type, item_id) DO UPDATE SET
        parent_id = excluded.parent_id, title = excluded.title, summary = excluded.summary,
        image = excluded.image, starts_at = excluded.starts_at, title_text = excluded.title_text,
        words = excluded.words, weight = excluded.weight,
        updated_at = excluded.updated_at`);
  }
}

/**
 * Deletes a meeting's index rows written before `before` (what a full rebuild did not write again).
 * Answers how many went (the caller moves the meeting's index version on when any did).
 */
export async function deleteDocumentsBefore(db: Database, meetingId: string, before: Date): Promise<number> {
  const rows = await rowsOf<{ found: number }>(
    db,
    sql`DELETE FROM search_documents WHERE meeting_id = ${meetingId} AND updated_at < ${before.toISOString()}::timestamptz
      RETURNING 1 AS found`,
  );
  return rows.length;
}

/**
 * Moves the index version of these meetings on by one (search_index_versions, §2 /meeting/search):
 * call it last in the transaction that rewrote or deleted their index rows, so the row locks it
 * takes are held only until that commit. Meetings are locked in id order (no deadlock between two
 * rewrites of the same meetings).
 */
export async function bumpIndexVersions(db: Database, meetingIds: string[]): Promise<void> {
  const sorted = [...new Set(meetingIds)].sort();
  if (sorted.length === 0) return;
  await db.execute(
    sql`INSERT INTO search_index_versions (meeting_id, version)
      SELECT id, 1 FROM unnest(${sql.param(sorted)}::text[]) WITH ORDINALITY AS m(id, n) ORDER BY n
      ON CONFLICT (meeting_id) DO UPDATE SET version = search_index_versions.version + 1`,
  );
}

/** A meeting's index version (0 before its first index write). */
export async function findIndexVersion(db: Database, meetingId: string): Promise<number> {
  const rows = await rowsOf<{ version: number | string }>(
    db,
    sql`SELECT version FROM search_index_versions WHERE meeting_id = ${meetingId}`,
  );
  return Number(rows[0]?.version ?? 0);
}

// ---- sources -------------------------------------------------------------------------------------

/** A session with what its index row shows and searches; `isVisible` false when deleted or hidden. */
export type AgendaSource = {
  id: string;
  meetingId: string;
  title: Localized;
  subtitle: Localized;
  abstract: Localized;
  description: Localized;
  logo: string | null;
  start: Date;
  room: string | null;
  speakers: string | null;
  isVisible: boolean;
};

const agendaColumns = sql`a.id, a.meeting_id AS "meetingId", a.title, a.subtitle, a.abstract, a.description,
  a.logo, a.start, r.name AS room,
  (SELECT string_agg(s.name, ' ' ORDER BY x.position) FROM agenda_speakers x JOIN speakers s ON s.id = x.speaker_id
    WHERE x.agenda_id = a.id AND s.deleted = 0) AS speakers,
  (a.deleted = 0 AND a.enable_show = 1) AS "isVisible"`;

/** Sessions by id. */
export async function findAgendaSources(db: Database, ids: string[]): Promise<AgendaSource[]> {
  if (ids.length === 0) return [];
  return rowsOf<AgendaSource>(
    db,
    sql`SELECT ${agendaColumns} FROM agendas a LEFT JOIN rooms r ON r.id = a.room_id
      WHERE a.id = ANY(${sql.param(ids)}::text[])`,
  );
}

/** A speaker with what its index row shows and searches. */
export type SpeakerSource = {
  id: string;
  meetingId: string;
  name: string;
  workTitle: Localized;
  company: Localized;
  biography: Localized;
  photo: string;
  weight: number;
  isVisible: boolean;
};

const speakerColumns = sql`id, meeting_id AS "meetingId", name, work_title AS "workTitle", company, biography,
  photo, weight, (deleted = 0) AS "isVisible"`;

/** Speakers by id. */
export async function findSpeakerSources(db: Database, ids: string[]): Promise<SpeakerSource[]> {
  if (ids.length === 0) return [];
  return rowsOf<SpeakerSource>(
    db,
    sql`SELECT ${speakerColumns} FROM speakers WHERE id = ANY(${sql.param(ids)}::text[])`,
  );
}

/** An exhibitor with its enterprise's title, description and logo. */
export type ExhibitorSource = {
  id: string;
  meetingId: string;
  enterpriseId: string;
  booth: string;
  weight: number;
  title: Localized;
  description: Localized;
  logo: string;
  isVisible: boolean;
};

const exhibitorColumns = sql`x.id, x.meeting_id AS "meetingId", x.enterprise_id AS "enterpriseId", x.booth, x.weight,
  e.title, e.description, e.logo, (x.deleted = 0 AND x.is_shown = 1 AND e.deleted = 0) AS "isVisible"`;

/** Exhibitors by id. */
export async function findExhibitorSources(db: Database, ids: string[]): Promise<ExhibitorSource[]> {
  if (ids.length === 0) return [];
  return rowsOf<ExhibitorSource>(
    db,
    sql`SELECT ${exhibitorColumns} FROM exhibitors x JOIN enterprises e ON e.id = x.enterprise_id
      WHERE x.id = ANY(${sql.param(ids)}::text[])`,
  );
}

/** Ids of the exhibitors (any meeting) of these enterprises. */
export async function findExhibitorIdsOfEnterprises(
  db: Database,
  enterpriseIds: string[],
): Promise<string[]> {
  if (enterpriseIds.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM exhibitors WHERE enterprise_id = ANY(${sql.param(enterpriseIds)}::text[])`,
  );
  return rows.map((row) => row.id);
}

/** Ids of the products an exhibitor shows at its meeting (its enterprise's, for that meeting or every one). */
export async function findProductIdsOfExhibitors(db: Database, exhibitorIds: string[]): Promise<string[]> {
  if (exhibitorIds.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT DISTINCT p.id FROM exhibitors x JOIN products p ON p.enterprise_id = x.enterprise_id
      AND (p.meeting_id IS NULL OR p.meeting_id = x.meeting_id)
      WHERE x.id = ANY(${sql.param(exhibitorIds)}::text[])`,
  );
  return rows.map((row) => row.id);
}

/**
 * A product at one meeting where it is listed (§9: not deleted, not hidden, its enterprise not
 * deleted, shown by an exhibitor of the meeting that is not deleted or hidden — products' shownAt).
 */
export type ProductPlacement = {
  id: string;
  meetingId: string;
  enterpriseId: string;
  title: Localized;
  description: Localized;
  images: string[];
  weight: number;
  enterpriseTitle: Localized;
};

/** Where these products are listed (one row per product and meeting), optionally in one meeting only. */
export async function findProductPlacements(
  db: Database,
  ids: string[],
  meetingId?: string,
): Promise<ProductPlacement[]> {
  if (ids.length === 0) return [];
  const inMeeting = meetingId ? sql` AND x.meeting_id = ${meetingId}` : sql``;
  return rowsOf<ProductPlacement>(
    db,
    sql`SELECT p.id, x.meeting_id AS "meetingId", p.enterprise_id AS "enterpriseId", p.title, p.description,
        p.images, p.weight, e.title AS "enterpriseTitle"
      FROM products p
      JOIN enterprises e ON e.id = p.enterprise_id AND e.deleted = 0
      JOIN exhibitors x ON x.enterprise_id = p.enterprise_id AND x.deleted = 0 AND x.is_shown = 1
        AND (p.meeting_id IS NULL OR p.meeting_id = x.meeting_id)${inMeeting}
      WHERE p.id = ANY(${sql.param(ids)}::text[]) AND p.deleted = 0 AND p.is_shown = 1`,
  );
}

/** Ids of a meeting's items of one kind after `afterId`, by id, `limit` at a time (full rebuilds). */
export async function findMeetingItemIds(
  db: Database,
  kind: 'agenda' | 'speaker' | 'exhibitor' | 'product' | 'news' | 'document',
  meetingId: string,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const query =
    kind === 'agenda'
      ? sql`SELECT id FROM agendas WHERE meeting_id = ${meetingId} AND deleted = 0 AND id > ${afterId} ORDER BY id LIMIT ${limit}`
      : kind === 'speaker'
        ? sql`SELECT id FROM speakers WHERE meeting_id = ${meetingId} AND deleted = 0 AND id > ${afterId} ORDER BY id LIMIT ${limit}`
        : kind === 'exhibitor'
          ? sql`SELECT id FROM exhibitors WHERE meeting_id = ${meetingId} AND deleted = 0 AND id > ${afterId} ORDER BY id LIMIT ${limit}`
          : kind === 'news'
            ? sql`SELECT id FROM news WHERE meeting_id = ${meetingId} AND deleted = 0 AND id > ${afterId} ORDER BY id LIMIT ${limit}`
            : kind === 'document'
              ? sql`SELECT id FROM meeting_attachments WHERE meeting_id = ${meetingId} AND deleted = 0 AND id > ${afterId} ORDER BY id LIMIT ${limit}`
              : sql`SELECT p.id FROM products p WHERE p.deleted = 0 AND p.id > ${afterId}
              AND (p.meeting_id = ${meetingId} OR (p.meeting_id IS NULL AND EXISTS (
                SELECT 1 FROM exhibitors x WHERE x.enterprise_id = p.enterprise_id AND x.meeting_id = ${meetingId})))
              ORDER BY p.id LIMIT ${limit}`;
  const rows = await rowsOf<{ id: string }>(db, query);
  return rows.map((row) => row.id);
}

/** How many items of a meeting a full rebuild walks (the progress bar's total). */
export async function countMeetingItems(db: Database, meetingId: string): Promise<number> {
  const rows = await rowsOf<{ total: number }>(
    db,
    sql`SELECT (
      (SELECT count(*) FROM agendas WHERE meeting_id = ${meetingId} AND deleted = 0)
      + (SELECT count(*) FROM speakers WHERE meeting_id = ${meetingId} AND deleted = 0)
      + (SELECT count(*) FROM exhibitors WHERE meeting_id = ${meetingId} AND deleted = 0)
      + (SELECT count(*) FROM news WHERE meeting_id = ${meetingId} AND deleted = 0)
      + (SELECT count(*) FROM meeting_attachments WHERE meeting_id = ${meetingId} AND deleted = 0)
      + (SELECT count(*) FROM products p WHERE p.deleted = 0 AND (p.meeting_id = ${meetingId} OR (p.meeting_id IS NULL
          AND EXISTS (SELECT 1 FROM exhibitors x WHERE x.enterprise_id = p.enterprise_id AND x.meeting_id = ${meetingId}))))
    )::int AS total`,
  );
  return rows[0]?.total ?? 0;
}

// ---- search --------------------------------------------------------------------------------------

/** A matched index row, with the number of matches of its type. */
export type SearchHitRow = {
  itemType: SearchItemType;
  itemId: string;
  parentId: string;
  title: Localized;
  summary: Localized;
  image: string;
  startsAt: Date | string | null;
  total: number;
};

/**
 * Index rows of a meeting matching a query, best first per type: exact title (any language) first,
 * then titles starting with the query, titles containing it, then the rest (words found in the body
 * or scattered over the title), each by the closeness of the correction it holds (typo matches) and
 * the item's weight. Ranks on the title text only: a full-text rank reads every match's word vector,
 * which for a word common to ten thousand products costs more than the whole rest of the search. At
 * most `limit` rows per type after `skip`; `total` counts every match of the type. Matches are the
 * segmented words (`tsquery`) or a CJK substring (three letters or more) of a title; with
 * `corrections` (findTermCorrections), one correction of every query word in a title instead (typos).
 * Sets enable_seqscan for the transaction (SET LOCAL), so call it inside one. Ranks on keys only and
 * reads the shown columns of the page's rows alone.
 */
export async function searchDocuments(
  db: Database,
  input: {
    meetingId: string;
    types: SearchItemType[];
    tsquery: string | null;
    phrase: string;
    cjkPhrase: string | null;
    corrections?: TermCorrection[][] | undefined;
    limit: number;
    skip: number;
  },
): Promise<SearchHitRow[]> {
  const matches: SQL[] = [];
  const corrections = input.corrections;
  if (corrections) {
    // Typos: every word of the query by one of its corrections, in a title (weight A).
    if (corrections.length === 0 || corrections.some((terms) => terms.length === 0)) return [];
    const tsquery = corrections
      .map((terms) => `(${terms.map((c) => `'${c.term.replace(/'/g, "''")}':A`).join(' | ')})`)
      .join(' & ');
    matches.push(sql`d.words @@ to_tsquery('simple', ${tsquery})`);
  } else {
    if (input.tsquery) matches.push(sql`d.words @@ to_tsquery('simple', ${input.tsquery})`);
    // The trigram index serves a substring only when it holds three letters in a row: a shorter one
    // ('开幕') would test every row of the index, so it is matched by its segmented words alone.
    if (input.cjkPhrase && /[\p{L}\p{N}]{3}/u.test(input.cjkPhrase))
      matches.push(sql`d.title_text LIKE ${`%${escapeLike(input.cjkPhrase)}%`}`);
  }
  if (matches.length === 0) return [];
  // The word and trigram indexes, never a sequential scan nor the meeting/type btrees (their columns
  // are wrapped below so no btree applies): a common word matches a tenth of the rows, and a plan that
  // reads all of a meeting's rows tests each one's word vector, stored out of line — 5 to 20 times
  // slower than the index.
  await db.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
  // A typo match ranks by how close the corrections its title holds are (the best one per query word).
  const similarity = corrections
    ? sql.join(
        corrections.map(
          (terms) =>
            sql`CASE ${sql.join(
              terms.map((c) => sql`WHEN strpos(d.title_text, ${c.term}) > 0 THEN ${c.similarity}::real`),
              sql` `,
            )} ELSE 0::real END`,
        ),
        sql` + `,
      )
    : sql`0::real`;
  const lines = sql`(E'\n' || d.title_text || E'\n')`;
  const exactness = sql`CASE WHEN position(${`\n${input.phrase}\n`} IN ${lines}) > 0 THEN 0
    WHEN ${lines} LIKE ${`%\n${escapeLike(input.phrase)}%`} THEN 1
    WHEN d.title_text LIKE ${`%${escapeLike(input.phrase)}%`} THEN 2 ELSE 3 END`;
  // Matches are read once (MATERIALIZED), then counted per type and cut to each type's page by a
  // bounded sort: a window over all matches (row_number, count OVER) sorted every one of a common
  // word's ten thousand matches and cost twice the scan itself.
  return rowsOf<SearchHitRow>(
    db,
    sql`WITH matched AS MATERIALIZED (
      SELECT d.item_type, d.item_id, ${exactness} AS tier, ${similarity} AS similarity, d.weight
      FROM search_documents d
      WHERE (d.meeting_id || '') = ${input.meetingId} AND (d.item_type || '') = ANY(${sql.param(input.types)}::text[])
        AND (${sql.join(matches, sql` OR `)})
    ), totals AS (
      SELECT item_type, count(*)::int AS total FROM matched GROUP BY item_type
    )
    SELECT d.item_type AS "itemType", d.item_id AS "itemId", d.parent_id AS "parentId", d.title, d.summary,
      d.image, d.starts_at AS "startsAt", t.total
    FROM totals t CROSS JOIN LATERAL (
      SELECT m.item_id, m.tier, m.similarity, m.weight FROM matched m WHERE m.item_type = t.item_type
      ORDER BY m.tier, m.similarity DESC, m.weight DESC, m.item_id
      OFFSET ${input.skip} LIMIT ${input.limit}
    ) top
    JOIN search_documents d
      ON d.meeting_id = ${input.meetingId} AND d.item_type = t.item_type AND d.item_id = top.item_id
    ORDER BY t.item_type, top.tier, top.similarity DESC, top.weight DESC, top.item_id`,
  );
}

/** A word of the meeting's titles close to a query word, with their trigram word similarity (0..1). */
export type TermCorrection = { term: string; similarity: number };

/**
 * Adds title words to a meeting's typo vocabulary (search_terms): Latin-script words of 4+ letters,
 * as segmented (search.segment.ts). Existing ones are left alone (ON CONFLICT DO NOTHING), so two
 * replicas writing the same word never fail.
 */
export async function insertTerms(db: Database, rows: { meetingId: string; term: string }[]): Promise<void> {
  for (let at = 0; at < rows.length; at += 2000) {
    const chunk = rows.slice(at, at + 2000);
    await db.execute(sql`INSERT INTO search_terms (meeting_id, term)
      SELECT * FROM unnest(${sql.param(chunk.map((row) => row.meetingId))}::text[], ${sql.param(chunk.map((row) => row.term))}::text[])
      ON CONFLICT DO NOTHING`);
  }
}

/**
 * Words of a meeting's titles that a query word may be a typo of: trigram word similarity ≥ 0.5
 * (pg_trgm `<%`, the trigram index on the vocabulary), closest first, at most `limit` per word.
 * Answers one list per query word, in order. Sets pg_trgm.word_similarity_threshold for the
 * transaction (SET LOCAL), so call it inside one.
 */
export async function findTermCorrections(
  db: Database,
  meetingId: string,
  words: string[],
  limit: number,
): Promise<TermCorrection[][]> {
  if (words.length === 0) return [];
  await db.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
  const rows = await rowsOf<{ n: number; term: string; similarity: number }>(
    db,
    sql`SELECT w.n::int AS n, c.term, c.similarity
      FROM unnest(${sql.param(words)}::text[]) WITH ORDINALITY AS w(word, n)
      CROSS JOIN LATERAL (
        SELECT t.term, word_similarity(w.word, t.term) AS similarity FROM search_terms t
        WHERE t.meeting_id = ${meetingId} AND w.word <% t.term
        ORDER BY 2 DESC, t.term LIMIT ${limit}
      ) c`,
  );
  return words.map((_, index) =>
    rows
      .filter((row) => row.n === index + 1)
      .map((row) => ({ term: row.term, similarity: Number(row.similarity) })),
  );
}

/**
 * Deletes the words of a meeting's typo vocabulary that no title of its index holds any more (after
 * a full rebuild; between rebuilds a stale word only offers a correction that finds nothing).
 */
export async function pruneTerms(db: Database, meetingId: string): Promise<void> {
  await db.execute(sql`DELETE FROM search_terms t WHERE t.meeting_id = ${meetingId}
    AND NOT EXISTS (SELECT 1 FROM search_documents d WHERE (d.meeting_id || '') = ${meetingId}
      AND d.words @@ to_tsquery('simple', quote_literal(t.term) || ':A'))`);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// ---- keyword log ---------------------------------------------------------------------------------

/** Logs one search. */
export async function insertKeyword(
  db: Database,
  row: { id: string; meetingId: string; userId: string; keyword: string; resultTotal: number },
): Promise<void> {
  await db.execute(sql`INSERT INTO search_keywords (id, meeting_id, user_id, keyword, result_total)
    VALUES (${row.id}, ${row.meetingId}, ${row.userId}, ${row.keyword}, ${row.resultTotal})`);
}

/** A caller's latest distinct keywords in a meeting (not cleared), newest first. */
export async function findRecentKeywords(
  db: Database,
  input: { meetingId: string; userId: string; limit: number },
): Promise<{ keyword: string; searchedAt: Date | string }[]> {
  return rowsOf(
    db,
    sql`SELECT keyword, max(created_at) AS "searchedAt" FROM search_keywords
      WHERE meeting_id = ${input.meetingId} AND user_id = ${input.userId} AND is_cleared = 0
      GROUP BY keyword ORDER BY max(created_at) DESC LIMIT ${input.limit}`,
  );
}

/** Hides a caller's keywords (one, or all when `keyword` is null) from their recent list. Answers how many rows. */
export async function clearRecentKeywords(
  db: Database,
  input: { meetingId: string; userId: string; keyword: string | null },
): Promise<number> {
  const one = input.keyword === null ? sql`` : sql` AND keyword = ${input.keyword}`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE search_keywords SET is_cleared = 1
      WHERE meeting_id = ${input.meetingId} AND user_id = ${input.userId} AND is_cleared = 0${one} RETURNING id`,
  );
  return rows.length;
}

/**
 * A meeting's most searched keywords since `since`, counted in SQL: by searches, then distinct
 * searchers. `zeroResults` true keeps only keywords whose last search found nothing.
 */
export async function findHotKeywords(
  db: Database,
  input: { meetingId: string; since: Date; limit: number; zeroResults?: boolean },
): Promise<{ keyword: string; searches: number; searchers: number; lastTotal: number }[]> {
  const zero = input.zeroResults
    ? sql` HAVING (array_agg(result_total ORDER BY created_at DESC))[1] = 0`
    : sql``;
  const found = input.zeroResults ? sql`` : sql` AND result_total > 0`;
  return rowsOf(
    db,
    sql`SELECT keyword, count(*)::int AS searches, count(DISTINCT user_id)::int AS searchers,
        (array_agg(result_total ORDER BY created_at DESC))[1]::int AS "lastTotal"
      FROM search_keywords
      WHERE meeting_id = ${input.meetingId} AND created_at >= ${input.since.toISOString()}::timestamptz${found}
      GROUP BY keyword${zero}
      ORDER BY count(*) DESC, count(DISTINCT user_id) DESC, keyword LIMIT ${input.limit}`,
  );
}

// ---- console rebuilds ----------------------------------------------------------------------------

/** The state of a meeting's last console rebuild. */
export type RebuildRow = {
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error: string;
  startedAt: Date | string;
  updatedAt: Date | string;
};

/** Starts (or restarts) a meeting's rebuild record as queued; false when one is queued or running. */
export async function startRebuildRow(db: Database, meetingId: string): Promise<boolean> {
  const rows = await rowsOf<{ meetingId: string }>(
    db,
    sql`INSERT INTO search_rebuilds (meeting_id, status, done, total, error, started_at, updated_at)
      VALUES (${meetingId}, 'queued', 0, 0, '', now(), now())
      ON CONFLICT (meeting_id) DO UPDATE SET status = 'queued', done = 0, total = 0, error = '',
        started_at = now(), updated_at = now()
      WHERE search_rebuilds.status NOT IN ('queued', 'running') OR search_rebuilds.updated_at < now() - interval '10 minutes'
      RETURNING meeting_id AS "meetingId"`,
  );
  return rows.length > 0;
}

/** Records a rebuild's progress. */
export async function setRebuildProgress(
  db: Database,
  meetingId: string,
  patch: { status: RebuildRow['status']; done?: number; total?: number; error?: string },
): Promise<void> {
  await db.execute(sql`UPDATE search_rebuilds SET status = ${patch.status},
    done = COALESCE(${patch.done ?? null}::int, done), total = COALESCE(${patch.total ?? null}::int, total),
    error = COALESCE(${patch.error ?? null}::text, error), updated_at = now()
    WHERE meeting_id = ${meetingId}`);
}

/** A meeting's rebuild record, if any. */
export async function findRebuild(db: Database, meetingId: string): Promise<RebuildRow | undefined> {
  const rows = await rowsOf<RebuildRow>(
    db,
    sql`SELECT status, done, total, error, started_at AS "startedAt", updated_at AS "updatedAt"
      FROM search_rebuilds WHERE meeting_id = ${meetingId}`,
  );
  return rows[0];
}

/** Number of index rows of a meeting per item type. */
export async function countDocumentsByType(db: Database, meetingId: string): Promise<Record<string, number>> {
  const rows = await rowsOf<{ itemType: string; total: number }>(
    db,
    sql`SELECT item_type AS "itemType", count(*)::int AS total FROM search_documents
      WHERE meeting_id = ${meetingId} GROUP BY item_type`,
  );
  return Object.fromEntries(rows.map((row) => [row.itemType, row.total]));
}

/** Ids of the meetings that are not deleted (full rebuild of every meeting). */
export async function findLiveMeetingIds(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(db, sql`SELECT id FROM meetings WHERE deleted = 0 ORDER BY id`);
  return rows.map((row) => row.id);
}

/** The database's clock now (full rebuilds compare index rows' `updated_at` with it, not with Node's). */
export async function databaseNow(db: Database): Promise<Date> {
  const rows = await rowsOf<{ now: Date | string }>(db, sql`SELECT clock_timestamp() AS now`);
  return new Date(rows[0]?.now ?? Date.now());
}

/** A news item with what its index row shows and searches; visible when published and not deleted. */
export type NewsSource = {
  id: string;
  meetingId: string;
  title: Localized;
  summary: Localized;
  content: Record<string, string>;
  cover: string;
  author: string;
  weight: number;
  publishedAt: Date | string | null;
  isVisible: boolean;
};

/** News items by id. */
export async function findNewsSources(db: Database, ids: string[]): Promise<NewsSource[]> {
  if (ids.length === 0) return [];
  return rowsOf<NewsSource>(
    db,
    sql`SELECT id, meeting_id AS "meetingId", title, summary, content, cover, author, weight,
        published_at AS "publishedAt", (status = 'published' AND deleted = 0) AS "isVisible"
      FROM news WHERE id = ANY(${sql.param(ids)}::text[])`,
  );
}

/** A meeting document (/meeting/doc) with what its index row shows and searches. */
export type DocumentSource = {
  id: string;
  meetingId: string;
  title: Localized;
  fileName: string;
  mime: string;
  weight: number;
  isVisible: boolean;
};

/** Meeting documents by id. */
export async function findDocumentSources(db: Database, ids: string[]): Promise<DocumentSource[]> {
  if (ids.length === 0) return [];
  return rowsOf<DocumentSource>(
    db,
    sql`SELECT id, meeting_id AS "meetingId", title, file_name AS "fileName", mime, weight, (deleted = 0) AS "isVisible"
      FROM meeting_attachments WHERE id = ANY(${sql.param(ids)}::text[])`,
  );
}

/**
 * Deletes the stale marks a full rebuild of `meetingId` makes redundant: the meeting's own, and
 * meeting-less marks of enterprises and products shown at no other meeting. Run in its own committed
 * statement before the rebuild reads anything: the marks it sees were committed, so the rebuild reads
 * their changes; marks committed later stay for the next drain.
 */
export async function deleteMarksCoveredByRebuild(db: Database, meetingId: string): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`DELETE FROM search_dirty d WHERE d.meeting_id = ${meetingId}
      OR (d.meeting_id IS NULL AND d.item_type = 'enterprise' AND NOT EXISTS (
        SELECT 1 FROM exhibitors x WHERE x.enterprise_id = d.item_id AND x.meeting_id <> ${meetingId}))
      OR (d.meeting_id IS NULL AND d.item_type = 'product' AND NOT EXISTS (
        SELECT 1 FROM products p JOIN exhibitors x ON x.enterprise_id = p.enterprise_id
        WHERE p.id = d.item_id AND x.meeting_id <> ${meetingId}))
      RETURNING d.id`,
  );
  return rows.length;
}
