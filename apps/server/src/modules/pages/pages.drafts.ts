import {
  type BlockDraft,
  type BlockInput,
  type BlockType,
  type BlockVersion,
  type BlockVersionState,
  blockDataInputs,
  type ConsolePage,
  type ConsolePages,
  type CreateConsolePageBody,
  type LocalizedText,
  toWireId,
} from '@app/contracts';
import type { ResponseCache } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { toWireBlock } from '../blocks/blocks.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { sanitizeRichText } from '../shared/rich-text.ts';
import { blockInvalid, pageExists, staleDraft } from './pages.errors.ts';
import { signPreview } from './pages.preview-links.ts';
import {
  bumpRevision,
  copyVersionBlocks,
  countBlocksByPage,
  findHighestVersion,
  findMeetingVersions,
  findPageBlocks,
  findPageById,
  findPages,
  findVersionRow,
  hasBlocksOfVersion,
  insertPage,
  insertVersionRow,
  listVersionRows,
  type MeetingVersions,
  markPublished,
  type NewBlock,
  type PageRow,
  replacePageBlocks,
  updateMeetingVersions,
  updatePage,
} from './pages.repository.ts';
import { toContentPage } from './pages.service.ts';

/**
 * The console's pages area (DESIGN §7; §3 block_release_version / block_draft_version, §7 GET
 * /meetings/{meeting_id}/block/versions). A version is a copy of every block of the meeting (home and
 * content pages). The draft is the meeting's `block_draft_version`, always above the released one;
 * publishing releases it and opens the next number as a new draft copied from it; rolling back
 * releases a copy of an older version under a new number, then opens a draft from that — so the
 * history is a line of numbers, none rewritten. Each write runs in one transaction with its audit row,
 * the meeting row locked; a write naming a draft revision other than the current one gets 409.
 */

export type PagesDeps = RolesDeps & {
  config: RolesDeps['config'] & Pick<Config, 'AUTH_SECRET'>;
  cache: Pick<ResponseCache, 'clear'>;
};

/** Most versions the versions list shows. */
const versionListLimit = 100;

const meetingNotFound = () => notFound('Meeting');

/**
 * Makes sure the meeting has its version rows and an open draft above the released version, copying
 * the released blocks into a new draft when none is open (a meeting made before versions existed,
 * or the demo's release 1 = draft 1). Runs inside the caller's transaction, the meeting row locked.
 */
async function ensureDraft(tx: Database, meetingId: string, userId: string | null): Promise<MeetingVersions> {
  const versions = await findMeetingVersions(tx, meetingId, { forUpdate: true });
  if (!versions) throw meetingNotFound();
  if (!(await findVersionRow(tx, meetingId, versions.releaseVersion))) {
    await insertVersionRow(tx, {
      meetingId,
      version: versions.releaseVersion,
      origin: 'initial',
      sourceVersion: null,
      authorId: null,
      publishedAt: new Date(),
    });
  }
  if (versions.draftVersion > versions.releaseVersion) {
    if (!(await findVersionRow(tx, meetingId, versions.draftVersion))) {
      // A draft made before version rows: its blocks are there, or it starts from the released ones.
      if (!(await hasBlocksOfVersion(tx, meetingId, versions.draftVersion))) {
        await copyVersionBlocks(tx, {
          meetingId,
          from: versions.releaseVersion,
          to: versions.draftVersion,
        });
      }
      await insertVersionRow(tx, {
        meetingId,
        version: versions.draftVersion,
        origin: 'draft',
        sourceVersion: versions.releaseVersion,
        authorId: userId,
      });
    }
    return versions;
  }
  const draftVersion = (await findHighestVersion(tx, meetingId)) + 1;
  await openDraftFrom(tx, { meetingId, from: versions.releaseVersion, to: draftVersion, userId });
  const next = { releaseVersion: versions.releaseVersion, draftVersion };
  await updateMeetingVersions(tx, meetingId, next);
  return next;
}

/** Copies version `from` into a new draft version `to` with its row. */
async function openDraftFrom(
  tx: Database,
  input: { meetingId: string; from: number; to: number; userId: string | null },
): Promise<void> {
  await copyVersionBlocks(tx, input);
  await insertVersionRow(tx, {
    meetingId: input.meetingId,
    version: input.to,
    origin: 'draft',
    sourceVersion: input.from,
    authorId: input.userId,
  });
}

/** The page a draft call names, checked to be the meeting's live page (null: the home). */
async function requirePage(db: Database, meetingId: string, pageId: string | null): Promise<PageRow | null> {
  if (pageId === null) return null;
  const page = await findPageById(db, pageId);
  if (!page || page.meetingId !== meetingId || page.deleted !== 0) throw notFound('Page');
  return page;
}

const pageIdOf = (input: string | undefined): string | null => (input ? input : null);

function toConsolePage(row: PageRow, counts: { draft: number; released: number }): ConsolePage {
  return {
    ...toContentPage(row),
    draft_blocks: counts.draft,
    released_blocks: counts.released,
    created: unix(row.createdAt),
  };
}

/**
 * GET /console/meetings/{meeting_id}/pages: where the versions stand, the home's block counts and the
 * live content pages (oldest first). Opens a draft when none is open.
 * @throws 403 no_permission (pages.edit); 404 not_found (meeting)
 */
export async function listConsolePages(
  deps: PagesDeps,
  input: { userId: string; meetingId: string },
): Promise<ConsolePages> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  return inTransaction(deps.db, async (tx) => {
    const versions = await ensureDraft(tx, input.meetingId, input.userId);
    const draftRow = await findVersionRow(tx, input.meetingId, versions.draftVersion);
    const draft = await countBlocksByPage(tx, input.meetingId, versions.draftVersion);
    const released = await countBlocksByPage(tx, input.meetingId, versions.releaseVersion);
    const rows = await findPages(tx, input.meetingId);
    return {
      release_version: versions.releaseVersion,
      draft_version: versions.draftVersion,
      revision: draftRow?.revision ?? 0,
      home: { draft_blocks: draft.get(null) ?? 0, released_blocks: released.get(null) ?? 0 },
      pages: rows.map((row) =>
        toConsolePage(row, { draft: draft.get(row.id) ?? 0, released: released.get(row.id) ?? 0 }),
      ),
    };
  });
}

/**
 * POST /console/meetings/{meeting_id}/pages: a new content page (no blocks yet), audited; a microsite
 * page (§2 /sichuan-culture/{slug}) with its slug, which the contract has checked is one of the twelve.
 * @throws 403 no_permission (pages.edit); 409 page.exists (a second branch, contact or conference page,
 *   or a second live microsite page of one slug — the database's partial unique indexes decide)
 */
export async function createConsolePage(
  deps: PagesDeps,
  input: { userId: string; meetingId: string; body: CreateConsolePageBody },
): Promise<ConsolePage> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  const page = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action: 'pages.edit', entity: 'page' },
    async (tx) => {
      const row = await insertPage(tx, {
        meetingId: input.meetingId,
        kind: input.body.kind,
        title: input.body.title,
        slug: input.body.kind === 'microsite' ? (input.body.slug ?? null) : null,
      });
      if (!row) throw pageExists();
      return { result: row, after: { kind: row.kind, slug: row.slug, title: row.title }, entityId: row.id };
    },
  );
  deps.cache.clear();
  return toConsolePage(page, { draft: 0, released: 0 });
}

/**
 * PUT /console/meetings/{meeting_id}/pages/{id}: renames a content page, audited (titles are not
 * versioned: they show at once).
 * @throws 403 no_permission (pages.edit); 404 not_found
 */
export async function renameConsolePage(
  deps: PagesDeps,
  input: { userId: string; meetingId: string; pageId: string; title: LocalizedText },
): Promise<ConsolePage> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  const page = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'pages.edit',
      entity: 'page',
      entityId: input.pageId,
    },
    async (tx) => {
      const before = await requirePage(tx, input.meetingId, input.pageId);
      const row = await updatePage(tx, input.pageId, { title: input.title });
      if (!before || !row) throw notFound('Page');
      return { result: row, before: { title: before.title }, after: { title: row.title } };
    },
  );
  deps.cache.clear();
  return toConsolePage(page, { draft: 0, released: 0 });
}

/**
 * DELETE /console/meetings/{meeting_id}/pages/{id}: deletes a content page (soft: its address opens
 * /204, §2), audited.
 * @throws 403 no_permission (pages.edit); 404 not_found
 */
export async function deleteConsolePage(
  deps: PagesDeps,
  input: { userId: string; meetingId: string; pageId: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'pages.edit',
      entity: 'page',
      entityId: input.pageId,
    },
    async (tx) => {
      const before = await requirePage(tx, input.meetingId, input.pageId);
      await updatePage(tx, input.pageId, { deleted: 1 });
      return { result: null, before: { kind: before?.kind, title: before?.title }, after: null };
    },
  );
  deps.cache.clear();
  return { ok: 1 };
}

/**
 * GET /console/meetings/{meeting_id}/block_draft: one page's draft blocks (the home without
 * `page_id`), heaviest first, with the revision a save must name. Opens a draft when none is open.
 * @throws 403 no_permission (pages.edit); 404 not_found (meeting, page)
 */
export async function getBlockDraft(
  deps: PagesDeps,
  input: { userId: string; meetingId: string; pageId: string | undefined },
): Promise<BlockDraft> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  const pageId = pageIdOf(input.pageId);
  return inTransaction(deps.db, async (tx) => {
    await requirePage(tx, input.meetingId, pageId);
    const versions = await ensureDraft(tx, input.meetingId, input.userId);
    return draftOf(tx, input.meetingId, versions, pageId);
  });
}

async function draftOf(
  db: Database,
  meetingId: string,
  versions: MeetingVersions,
  pageId: string | null,
): Promise<BlockDraft> {
  const row = await findVersionRow(db, meetingId, versions.draftVersion);
  const rows = await findPageBlocks(db, { meetingId, version: versions.draftVersion, pageId });
  return {
    page_id: pageId === null ? null : toWireId(pageId),
    version: versions.draftVersion,
    release_version: versions.releaseVersion,
    revision: row?.revision ?? 0,
    blocks: rows.map(toWireBlock),
  };
}

/** Each language's value of a language map (or the string), mapped. */
function mapLocalized(text: LocalizedText, map: (value: string) => string): LocalizedText {
  if (typeof text === 'string') return map(text);
  return Object.fromEntries(Object.entries(text).map(([language, value]) => [language, map(value)]));
}

/**
 * A block as saved: its settings checked against its type (blockDataInputs), rich text sanitised
 * (scripts, handlers and unsafe URLs never stored), plain text kept for `intro`, no content for the
 * others. Weights descend from the editor's order, so the first block is drawn first.
 * @throws 400 block.invalid naming the field
 */
function toNewBlock(block: BlockInput, index: number, total: number): NewBlock {
  const parsed = blockDataInputs[block.type as BlockType].safeParse(block.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['body', 'blocks', index, 'data', ...(issue?.path ?? [])].join('/');
    throw blockInvalid(path, issue?.message ?? 'invalid block settings');
  }
  const content =
    block.type === 'rich_text'
      ? mapLocalized(block.content, sanitizeRichText)
      : block.type === 'intro'
        ? block.content
        : '';
  return {
    type: block.type,
    title: block.title,
    content,
    data: parsed.data as Record<string, unknown>,
    weight: (total - index) * 10,
  };
}

/**
 * PUT /console/meetings/{meeting_id}/block_draft: replaces one page's blocks in the draft, in the
 * given order, and bumps the draft's revision — in one transaction with its audit row.
 * @throws 400 block.invalid; 403 no_permission (pages.edit); 404 not_found (page);
 *   409 conflict.stale when the draft's revision is no longer `revision`
 */
export async function saveBlockDraft(
  deps: PagesDeps,
  input: {
    userId: string;
    meetingId: string;
    pageId: string | undefined;
    revision: number;
    blocks: BlockInput[];
  },
): Promise<BlockDraft> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  const pageId = pageIdOf(input.pageId);
  const next = input.blocks.map((block, index) => toNewBlock(block, index, input.blocks.length));
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'pages.edit',
      entity: 'block_draft',
      entityId: pageId ?? input.meetingId,
    },
    async (tx) => {
      await requirePage(tx, input.meetingId, pageId);
      const versions = await ensureDraft(tx, input.meetingId, input.userId);
      const revision = await bumpRevision(tx, {
        meetingId: input.meetingId,
        version: versions.draftVersion,
        revision: input.revision,
      });
      if (revision === undefined) throw staleDraft();
      const before = await findPageBlocks(tx, {
        meetingId: input.meetingId,
        version: versions.draftVersion,
        pageId,
      });
      await replacePageBlocks(tx, {
        meetingId: input.meetingId,
        version: versions.draftVersion,
        pageId,
        blocks: next,
      });
      const result = await draftOf(tx, input.meetingId, versions, pageId);
      const summary = (rows: { type: string; title: unknown }[]) =>
        rows.map((row) => ({ type: row.type, title: row.title }));
      return {
        result,
        before: { version: versions.draftVersion, blocks: summary(before) },
        after: { version: versions.draftVersion, revision, blocks: summary(next) },
      };
    },
  );
}

/**
 * POST /console/meetings/{meeting_id}/block_draft/publish: the draft becomes the released version
 * (every page at once) and a new draft is copied from it; the public response cache is cleared so
 * visitors see it at once.
 * @throws 403 no_permission (pages.publish); 409 conflict.stale when the draft's revision is no longer `revision`
 */
export async function publishBlockDraft(
  deps: PagesDeps,
  input: { userId: string; meetingId: string; revision: number },
): Promise<BlockVersionState> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.publish' });
  const state = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'pages.publish',
      entity: 'block_version',
    },
    async (tx) => {
      const versions = await ensureDraft(tx, input.meetingId, input.userId);
      const revision = await bumpRevision(tx, {
        meetingId: input.meetingId,
        version: versions.draftVersion,
        revision: input.revision,
      });
      if (revision === undefined) throw staleDraft();
      await markPublished(tx, input.meetingId, versions.draftVersion);
      const draftVersion = (await findHighestVersion(tx, input.meetingId)) + 1;
      await openDraftFrom(tx, {
        meetingId: input.meetingId,
        from: versions.draftVersion,
        to: draftVersion,
        userId: input.userId,
      });
      const next = { releaseVersion: versions.draftVersion, draftVersion };
      await updateMeetingVersions(tx, input.meetingId, next);
      return {
        result: { release_version: next.releaseVersion, draft_version: next.draftVersion, revision: 0 },
        before: versions,
        after: next,
        entityId: input.meetingId,
      };
    },
  );
  deps.cache.clear();
  return state;
}

/**
 * POST /console/meetings/{meeting_id}/block/versions/{version}/rollback: releases a copy of an older
 * version under a new number, and opens a new draft copied from it (the open draft's unpublished edits
 * are left in its own version, listed as archived). Clears the public response cache.
 * @throws 403 no_permission (pages.publish); 404 not_found (no such version, or the open draft);
 *   409 conflict.stale when the draft's revision is no longer `revision`
 */
export async function rollbackBlockVersion(
  deps: PagesDeps,
  input: { userId: string; meetingId: string; version: number; revision: number },
): Promise<BlockVersionState> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.publish' });
  const state = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'pages.publish',
      entity: 'block_version',
    },
    async (tx) => {
      const versions = await ensureDraft(tx, input.meetingId, input.userId);
      const target = await findVersionRow(tx, input.meetingId, input.version);
      if (!target || input.version === versions.draftVersion) throw notFound('Version');
      const revision = await bumpRevision(tx, {
        meetingId: input.meetingId,
        version: versions.draftVersion,
        revision: input.revision,
      });
      if (revision === undefined) throw staleDraft();
      const releaseVersion = (await findHighestVersion(tx, input.meetingId)) + 1;
      await copyVersionBlocks(tx, { meetingId: input.meetingId, from: input.version, to: releaseVersion });
      await insertVersionRow(tx, {
        meetingId: input.meetingId,
        version: releaseVersion,
        origin: 'rollback',
        sourceVersion: input.version,
        authorId: input.userId,
        publishedAt: new Date(),
      });
      const draftVersion = releaseVersion + 1;
      await openDraftFrom(tx, {
        meetingId: input.meetingId,
        from: releaseVersion,
        to: draftVersion,
        userId: input.userId,
      });
      const next = { releaseVersion, draftVersion };
      await updateMeetingVersions(tx, input.meetingId, next);
      return {
        result: { release_version: releaseVersion, draft_version: draftVersion, revision: 0 },
        before: versions,
        after: { ...next, rolledBackTo: input.version },
        entityId: input.meetingId,
      };
    },
  );
  deps.cache.clear();
  return state;
}

/**
 * GET /meetings/{meeting_id}/block/versions (§7 Meetings): the meeting's versions, newest first (at
 * most 100), each with its state, origin, block count, author and release time.
 * @throws 403 no_permission (pages.edit)
 */
export async function listBlockVersions(
  deps: PagesDeps,
  input: { userId: string; meetingId: string },
): Promise<{ results: BlockVersion[] }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  const rows = await inTransaction(deps.db, async (tx) => {
    const versions = await ensureDraft(tx, input.meetingId, input.userId);
    return { versions, rows: await listVersionRows(tx, input.meetingId, versionListLimit) };
  });
  const { releaseVersion, draftVersion } = rows.versions;
  return {
    results: rows.rows.map((row) => ({
      version: row.version,
      state:
        row.version === draftVersion ? 'draft' : row.version === releaseVersion ? 'released' : 'archived',
      origin: row.origin as BlockVersion['origin'],
      source_version: row.sourceVersion,
      blocks: row.blocks,
      revision: row.revision,
      created: unix(row.createdAt),
      published: row.publishedAt ? unix(row.publishedAt) : null,
      author: row.authorId ? { _id: toWireId(row.authorId), username: row.authorName ?? '' } : null,
    })),
  };
}

/**
 * POST /console/meetings/{meeting_id}/block_draft/preview_links: signs a link to the draft of the home
 * or a page, valid `hours` hours (1–168).
 * @returns the token and its expiry (unix seconds); the console builds `#/preview?token=…`
 * @throws 403 no_permission (pages.edit); 404 not_found (page)
 */
export async function createPreviewLink(
  deps: PagesDeps,
  input: { userId: string; meetingId: string; pageId: string | undefined; hours: number },
): Promise<{ token: string; expires_at: number }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'pages.edit' });
  const pageId = pageIdOf(input.pageId);
  await requirePage(deps.db, input.meetingId, pageId);
  const expiresAt = Math.floor(Date.now() / 1000) + input.hours * 3600;
  const token = await signPreview(deps.config.AUTH_SECRET, {
    meetingId: input.meetingId,
    pageId,
    expiresAt,
  });
  return { token, expires_at: expiresAt };
}
