import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  type AgendaSource,
  bumpIndexVersions,
  countMeetingItems,
  type DocumentSource,
  databaseNow,
  deleteDocuments,
  deleteDocumentsBefore,
  deleteMarksCoveredByRebuild,
  type ExhibitorSource,
  findAgendaSources,
  findDocumentSources,
  findExhibitorIdsOfEnterprises,
  findExhibitorSources,
  findMeetingItemIds,
  findNewsSources,
  findProductIdsOfExhibitors,
  findProductPlacements,
  findSpeakerSources,
  hasDirtyItems,
  insertTerms,
  type NewsSource,
  type ProductPlacement,
  pruneTerms,
  type SearchDocumentInput,
  type SpeakerSource,
  takeDirtyItems,
  upsertDocuments,
} from './search.repository.ts';
import { foldText, indexWords, isVocabularyWord } from './search.segment.ts';

/**
 * Keeps the meeting search index (/meeting/search, §2) equal to the visible items. Source-table
 * triggers mark changed items stale (search_dirty) in the writer's transaction; `drainStaleItems`
 * rebuilds their rows in Node (segmentation cannot run in SQL) — a search drains its own meeting
 * first, so any replica reads its own and other replicas' writes; `rebuildMeetingIndex` rewrites a
 * whole meeting (CLI, seeds, console button). All state is in PostgreSQL: no process-local index.
 */

type Localized = string | Record<string, string>;

/** Longest body text kept per item, in characters (descriptions are searched, not shown). */
const bodyLimit = 4000;

/** Every language of a text, one per line. */
function allLanguages(...texts: (Localized | null | undefined)[]): string {
  return texts
    .flatMap((text) => (text == null ? [] : typeof text === 'string' ? [text] : Object.values(text)))
    .map((value) => value.replace(/<[^>]*>/g, ' ').trim())
    .filter((value) => value !== '')
    .join('\n');
}

function documentOf(
  base: Omit<SearchDocumentInput, 'titleText' | 'titleWords' | 'bodyWords'>,
  title: string,
  body: string,
): SearchDocumentInput {
  return {
    ...base,
    titleText: foldText(title),
    titleWords: indexWords(title),
    bodyWords: indexWords(foldText(body).slice(0, bodyLimit)),
  };
}

/** `work_title · company` per language of either. */
function joinLocalized(a: Localized, b: Localized): Localized {
  if (typeof a === 'string' && typeof b === 'string') return [a, b].filter(Boolean).join(' · ');
  const left = typeof a === 'string' ? { '': a } : a;
  const right = typeof b === 'string' ? { '': b } : b;
  const languages = new Set([...Object.keys(left), ...Object.keys(right)].filter((key) => key !== ''));
  if (languages.size === 0) return [left[''] ?? '', right[''] ?? ''].filter(Boolean).join(' · ');
  return Object.fromEntries(
    [...languages].map((lang) => [
      lang,
      [left[lang] ?? left[''] ?? '', right[lang] ?? right[''] ?? ''].filter(Boolean).join(' · '),
    ]),
  );
}

function agendaDocument(row: AgendaSource): SearchDocumentInput {
  return documentOf(
    {
      meetingId: row.meetingId,
      itemType: 'agenda',
      itemId: row.id,
      parentId: '',
      title: row.title,
      summary: row.subtitle,
      image: row.logo ?? '',
      startsAt: new Date(row.start),
      weight: 0,
    },
    allLanguages(row.title),
    allLanguages(row.subtitle, row.speakers, row.room, row.abstract, row.description),
  );
}

function speakerDocument(row: SpeakerSource): SearchDocumentInput {
  return documentOf(
    {
      meetingId: row.meetingId,
      itemType: 'speaker',
      itemId: row.id,
      parentId: '',
      title: row.name,
      summary: joinLocalized(row.workTitle, row.company),
      image: row.photo,
      startsAt: null,
      weight: row.weight,
    },
    row.name,
    allLanguages(row.workTitle, row.company, row.biography),
  );
}

function exhibitorDocument(row: ExhibitorSource): SearchDocumentInput {
  return documentOf(
    {
      meetingId: row.meetingId,
      itemType: 'exhibitor',
      itemId: row.id,
      parentId: row.enterpriseId,
      title: row.title,
      summary: row.booth,
      image: row.logo,
      startsAt: null,
      weight: row.weight,
    },
    allLanguages(row.title),
    allLanguages(row.booth, row.description),
  );
}

function productDocument(row: ProductPlacement): SearchDocumentInput {
  return documentOf(
    {
      meetingId: row.meetingId,
      itemType: 'product',
      itemId: row.id,
      parentId: row.enterpriseId,
      title: row.title,
      summary: row.enterpriseTitle,
      image: row.images[0] ?? '',
      startsAt: null,
      weight: row.weight,
    },
    allLanguages(row.title),
    allLanguages(row.description, row.enterpriseTitle),
  );
}

function newsDocument(row: NewsSource): SearchDocumentInput {
  return documentOf(
    {
      meetingId: row.meetingId,
      itemType: 'news',
      itemId: row.id,
      parentId: '',
      title: row.title,
      summary: row.summary,
      image: row.cover,
      startsAt: row.publishedAt ? new Date(row.publishedAt) : null,
      weight: row.weight,
    },
    allLanguages(row.title),
    allLanguages(row.summary, row.author, row.content),
  );
}

function documentDocument(row: DocumentSource): SearchDocumentInput {
  return documentOf(
    {
      meetingId: row.meetingId,
      itemType: 'document',
      itemId: row.id,
      parentId: '',
      title: row.title,
      summary: row.fileName,
      image: '',
      startsAt: null,
      weight: row.weight,
    },
    allLanguages(row.title),
    row.fileName.replace(/[._-]+/g, ' '),
  );
}

/** Stale items by kind, deduplicated. */
export type StaleItems = {
  agenda: string[];
  speaker: string[];
  exhibitor: string[];
  enterprise: string[];
  product: string[];
  news: string[];
  document: string[];
};

/**
 * Rewrites the index rows of the given items from their sources, in `db` (the caller's transaction):
 * visible items get their rows (products one per meeting that lists them), the others lose theirs.
 * An enterprise rewrites its exhibitors; an exhibitor its products at its meeting. With `meetingId`,
 * only that meeting's rows of products are touched (full rebuilds). Last, the index version of every
 * meeting whose rows changed moves on (a cached search of it is not answered again).
 */
export async function reindexItems(
  db: Database,
  items: Partial<StaleItems>,
  meetingId?: string,
): Promise<void> {
  const exhibitorIds = new Set(items.exhibitor ?? []);
  for (const id of await findExhibitorIdsOfEnterprises(db, items.enterprise ?? [])) exhibitorIds.add(id);
  const productIds = new Set(items.product ?? []);
  if (!meetingId)
    for (const id of await findProductIdsOfExhibitors(db, [...exhibitorIds])) productIds.add(id);

  const docs: SearchDocumentInput[] = [];
  /** Meetings whose index rows this rewrite deletes or writes: their version moves on at the end. */
  const touched: string[] = [];
  const agendaIds = [...new Set(items.agenda ?? [])];
  const agendas = await findAgendaSources(db, agendaIds);
  docs.push(...agendas.filter((row) => row.isVisible).map(agendaDocument));
  touched.push(...(await deleteDocuments(db, 'agenda', agendaIds)));

  const speakerIds = [...new Set(items.speaker ?? [])];
  const speakers = await findSpeakerSources(db, speakerIds);
  docs.push(...speakers.filter((row) => row.isVisible).map(speakerDocument));
  touched.push(...(await deleteDocuments(db, 'speaker', speakerIds)));

  const exhibitors = await findExhibitorSources(db, [...exhibitorIds]);
  docs.push(...exhibitors.filter((row) => row.isVisible).map(exhibitorDocument));
  touched.push(...(await deleteDocuments(db, 'exhibitor', [...exhibitorIds])));

  const products = await findProductPlacements(db, [...productIds], meetingId);
  docs.push(...products.map(productDocument));
  touched.push(...(await deleteDocuments(db, 'product', [...productIds], meetingId)));

  const newsIds = [...new Set(items.news ?? [])];
  const newsRows = await findNewsSources(db, newsIds);
  docs.push(...newsRows.filter((row) => row.isVisible).map(newsDocument));
  touched.push(...(await deleteDocuments(db, 'news', newsIds)));

  const documentIds = [...new Set(items.document ?? [])];
  const documentRows = await findDocumentSources(db, documentIds);
  docs.push(...documentRows.filter((row) => row.isVisible).map(documentDocument));
  touched.push(...(await deleteDocuments(db, 'document', documentIds)));

  await upsertDocuments(db, docs);
  await insertTerms(db, vocabularyOf(docs));
  touched.push(...docs.map((doc) => doc.meetingId));
  await bumpIndexVersions(db, touched);
}

/** The typo vocabulary of index rows: their titles' Latin-script words of 4+ letters, once per meeting. */
function vocabularyOf(docs: SearchDocumentInput[]): { meetingId: string; term: string }[] {
  const seen = new Set<string>();
  const rows: { meetingId: string; term: string }[] = [];
  for (const doc of docs) {
    for (const term of doc.titleWords.split(' ')) {
      if (!isVocabularyWord(term)) continue;
      const key = `${doc.meetingId} ${term}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({ meetingId: doc.meetingId, term });
    }
  }
  return rows;
}

function groupStale(items: { itemType: string; itemId: string }[]): StaleItems {
  const stale: StaleItems = {
    agenda: [],
    speaker: [],
    exhibitor: [],
    enterprise: [],
    product: [],
    news: [],
    document: [],
  };
  for (const item of items) {
    const list = stale[item.itemType as keyof StaleItems];
    if (list && !list.includes(item.itemId)) list.push(item.itemId);
  }
  return stale;
}

/**
 * Takes up to `limit` stale marks (of `meetingId` and meeting-less ones, or of any meeting) and
 * rewrites their rows in one transaction. Answers whether marks are left (the caller drains again
 * or leaves them to the drain job).
 */
export async function drainStaleItems(
  db: Database,
  input: { meetingId?: string; limit: number },
): Promise<boolean> {
  if (!(await hasDirtyItems(db, input.meetingId))) return false;
  const taken = await inTransaction(db, async (tx) => {
    const items = await takeDirtyItems(tx, input.limit, input.meetingId);
    if (items.length > 0) await reindexItems(tx, groupStale(items));
    return items.length;
  });
  return taken >= input.limit && hasDirtyItems(db, input.meetingId);
}

/**
 * Rewrites every index row of a meeting from its sources, `batchSize` items per transaction (a search
 * keeps answering from the old rows meanwhile), then deletes the rows it did not write again. The
 * stale marks it covers are deleted at its start; a rebuild that fails leaves the rows it did not
 * reach as they were until the next rebuild (the console and CLI report the failure).
 * `onProgress` hears items done of total after each batch.
 */
export async function rebuildMeetingIndex(
  db: Database,
  meetingId: string,
  options: { batchSize?: number; onProgress?: (done: number, total: number) => Promise<void> } = {},
): Promise<{ items: number }> {
  const batchSize = options.batchSize ?? 1000;
  const startedAt = await databaseNow(db);
  // Stale marks this rebuild covers are consumed first (they were committed, so it reads their
  // changes): otherwise a drain would rewrite every row a second time after a bulk seed or import.
  await deleteMarksCoveredByRebuild(db, meetingId);
  const total = await countMeetingItems(db, meetingId);
  let done = 0;
  for (const kind of ['agenda', 'speaker', 'exhibitor', 'product', 'news', 'document'] as const) {
    let afterId = '';
    for (;;) {
      const ids = await findMeetingItemIds(db, kind, meetingId, afterId, batchSize);
      if (ids.length === 0) break;
      await inTransaction(db, (tx) => reindexItems(tx, { [kind]: ids }, meetingId));
      done += ids.length;
      afterId = ids.at(-1) ?? afterId;
      await options.onProgress?.(Math.min(done, total), total);
      if (ids.length < batchSize) break;
    }
  }
  await inTransaction(db, async (tx) => {
    // The rows go first, then the version (as in reindexItems): a statement holding the version's
    // lock while it waits for a row a concurrent rewrite holds could deadlock with it.
    if ((await deleteDocumentsBefore(tx, meetingId, startedAt)) > 0) await bumpIndexVersions(tx, [meetingId]);
  });
  await pruneTerms(db, meetingId);
  return { items: done };
}
