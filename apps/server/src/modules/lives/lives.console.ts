import {
  type ConsoleLive,
  ConsoleLiveError,
  type ConsoleLiveFields,
  type ConsoleLiveIngest,
  ErrorCode,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix } from '../../db/wire.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import { liveClock } from './lives.clock.ts';
import { liveHubOfConfig } from './lives.hub.ts';
import type { LiveRow } from './lives.permission.ts';
import {
  isIngestConfigured,
  newStreamSecret,
  obsStreamKey,
  openStreamSecret,
  sealStreamSecret,
} from './lives.playback.ts';
import { scheduleLiveJobs } from './lives.reminders.ts';
import {
  agendaIdsOf,
  countMeetingAgendas,
  findMeetingLive,
  findMeetingLives,
  isActivityPrice,
  isMeetingActivity,
  lockMeetingLive,
  onlineCounts,
  replaceAgendaLinks,
  subscriberCounts,
} from './lives.repository.ts';
import { toConsoleLive } from './lives.serializer.ts';
import { onlineSince } from './lives.service.ts';

/**
 * The console's lives area (console-lives contracts; §3 Live, §4, §6, §9; DESIGN §7): every call
 * needs `lives.edit` in the meeting; every write leaves one audit row in its transaction.
 */

/** The fields of a live that decide who may watch it (§6): a change closes its open sockets. */
const watchRightKeys = ['access', 'enableShow', 'activityId', 'priceId'] as const;

export type ConsoleLivesDeps = { db: Database; config: Config; jobs: JobQueue };
type Caller = { userId: string; meetingId: string };
const action = 'lives.edit';

const staleWrite = () => new AppError(409, ErrorCode.staleWrite, 'changed by someone else, reload');

/** Rows with their sessions and figures, as the console shows them. */
async function consoleLivesOf(db: Database, rows: LiveRow[]): Promise<ConsoleLive[]> {
  const ids = rows.map((row) => row.id);
  const now = liveClock.now();
  const [agendaIds, online, subscribers] = await Promise.all([
    agendaIdsOf(db, ids),
    onlineCounts(db, ids, onlineSince(now)),
    subscriberCounts(db, ids),
  ]);
  return rows.map((row) =>
    toConsoleLive(row, {
      agendaIds: agendaIds.get(row.id) ?? [],
      online: online.get(row.id) ?? 0,
      subscribers: subscribers.get(row.id) ?? 0,
      now,
    }),
  );
}

/** One live of the meeting as the console shows it. @throws 404 not_found */
async function consoleLiveOf(db: Database, meetingId: string, liveId: string): Promise<ConsoleLive> {
  const row = await findMeetingLive(db, meetingId, liveId);
  if (!row) throw notFound('Live');
  const [live] = await consoleLivesOf(db, [row]);
  return live as ConsoleLive;
}

/**
 * GET /console/meetings/{meeting_id}/lives: the meeting's lives (not deleted) by start, with online
 * viewers (last 60 s), viewer total and peak, chat total and reminder subscribers.
 * @throws 403 no_permission (lives.edit)
 */
export async function listConsoleLives(
  deps: ConsoleLivesDeps,
  input: Caller,
): Promise<{ items: ConsoleLive[] }> {
  await requireCan(deps, { ...input, action });
  return { items: await consoleLivesOf(deps.db, await findMeetingLives(deps.db, input.meetingId)) };
}

/** GET /console/meetings/{meeting_id}/lives/{id}. @throws 403 no_permission; 404 not_found */
export async function getConsoleLive(
  deps: ConsoleLivesDeps,
  input: Caller & { liveId: string },
): Promise<ConsoleLive> {
  await requireCan(deps, { ...input, action });
  return consoleLiveOf(deps.db, input.meetingId, input.liveId);
}

/**
 * The checked column values of the console's fields (§3 Live, §6):
 * - a title in at least one language (400 validation_failed);
 * - end after start (400 live.window_invalid);
 * - source 'url' needs an http(s) address; 'ingest' needs the ingest configured (400 live.source_invalid);
 * - access 'registered' / 'paid' need an activity of this meeting; 'paid' a ticket type of that
 *   activity; other accesses keep neither (400 live.access_invalid);
 * - sessions must be the meeting's (400 validation_failed).
 */
async function liveValues(deps: ConsoleLivesDeps, meetingId: string, body: ConsoleLiveFields) {
  const titles = typeof body.title === 'string' ? [body.title] : Object.values(body.title);
  if (!titles.some((text) => text.trim() !== '')) {
    throw badRequest(ErrorCode.validation, 'A live needs a title');
  }
  if (body.end <= body.start) {
    throw badRequest(ConsoleLiveError.windowInvalid, 'The end must come after the start');
  }
  const sourceKind = body.source_kind ?? 'none';
  const sourceUrl = body.source_url ?? '';
  if (sourceKind === 'url' && !/^https?:\/\/[^\s/]+/i.test(sourceUrl)) {
    throw badRequest(ConsoleLiveError.sourceInvalid, 'A pasted source needs an http(s) stream address');
  }
  if (sourceKind === 'ingest' && !deps.config.LIVE_INGEST_HLS_URL) {
    throw badRequest(ConsoleLiveError.sourceInvalid, 'The built-in ingest is not configured on this server');
  }
  const access = body.access ?? 'public';
  const activityId = body.activity_id || null;
  const priceId = body.price_id || null;
  if (access === 'registered' || access === 'paid') {
    if (!activityId || !(await isMeetingActivity(deps.db, meetingId, activityId))) {
      throw badRequest(ConsoleLiveError.accessInvalid, 'Choose a registration activity of this meeting');
    }
  }
  if (access === 'paid') {
    if (!priceId || !(await isActivityPrice(deps.db, activityId as string, priceId))) {
      throw badRequest(ConsoleLiveError.accessInvalid, 'Choose a ticket type of that activity as the pass');
    }
  }
  const agendaIds = [...new Set(body.agenda_ids ?? [])];
  if ((await countMeetingAgendas(deps.db, meetingId, agendaIds)) !== agendaIds.length) {
    throw badRequest(ErrorCode.validation, 'Sessions must belong to this meeting');
  }
  const keepsActivity = access === 'registered' || access === 'paid';
  return {
    agendaIds,
    values: {
      title: body.title,
      description: body.description ?? {},
      cover: body.cover ?? '',
      start: new Date(body.start * 1000),
      end: new Date(body.end * 1000),
      enableShow: body.enable_show ?? 1,
      weight: body.weight ?? 0,
      sourceKind,
      sourceUrl: sourceKind === 'url' ? sourceUrl : '',
      replayUrl: body.replay_url ?? '',
      access,
      activityId: keepsActivity ? activityId : null,
      priceId: access === 'paid' ? priceId : null,
      chatEnabled: body.chat_enabled ?? 1,
    },
  };
}

/** Fields of a row for the audit's before/after (never the sealed stream key). */
function audited(row: LiveRow | undefined, agendaIds?: string[]) {
  if (!row) return null;
  const { streamKeySealed: _sealed, ...rest } = row;
  return agendaIds ? { ...rest, agendaIds } : rest;
}

/** The next updated_at: now, but always at least a second after the previous (`updated` is in seconds). */
function nextUpdatedAt(previous: Date | null): Date {
  const now = liveClock.now().getTime();
  if (!previous) return new Date(now);
  return new Date(Math.max(now, (unix(previous) + 1) * 1000));
}

/**
 * POST /console/meetings/{meeting_id}/lives: a new live with its stream key (sealed), its sessions,
 * and its reminder and replay mail scheduled (lives.reminders.ts) — one transaction with the audit row.
 * @throws 400 validation_failed / live.window_invalid / live.source_invalid / live.access_invalid;
 * 403 no_permission
 */
export async function createConsoleLive(
  deps: ConsoleLivesDeps,
  input: Caller & { body: ConsoleLiveFields },
): Promise<ConsoleLive> {
  await requireCan(deps, { ...input, action });
  const { values, agendaIds } = await liveValues(deps, input.meetingId, input.body);
  const id = newId();
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'live', entityId: id },
    async (tx) => {
      const [row] = await tx
        .insert(lives)
        .values({
          id,
          meetingId: input.meetingId,
          ...values,
          streamKeySealed: sealStreamSecret(deps.config, newStreamSecret()),
          updatedAt: nextUpdatedAt(null),
        })
        .returning();
      await replaceAgendaLinks(tx, id, agendaIds);
      await scheduleLiveJobs(tx, deps.jobs, { id, start: values.start, end: values.end });
      return { result: id, before: null, after: audited(row, agendaIds) };
    },
  );
  return consoleLiveOf(deps.db, input.meetingId, id);
}

/**
 * PUT /console/meetings/{meeting_id}/lives/{id}: saves the fields and sessions under the row lock;
 * `updated` older than the stored one → 409 conflict.stale with nothing written. Schedules the
 * reminder and replay mail for the (new) start and end; jobs of an older start/end do nothing.
 * @throws 400 as create; 403 no_permission; 404 not_found; 409 conflict.stale
 */
export async function updateConsoleLive(
  deps: ConsoleLivesDeps,
  input: Caller & { liveId: string; body: ConsoleLiveFields },
): Promise<ConsoleLive> {
  await requireCan(deps, { ...input, action });
  const { values, agendaIds } = await liveValues(deps, input.meetingId, input.body);
  const isWatchRightChanged = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'live', entityId: input.liveId },
    async (tx) => {
      const before = await lockMeetingLive(tx, input.meetingId, input.liveId);
      if (!before) throw notFound('Live');
      if (input.body.updated !== undefined && input.body.updated !== unix(before.updatedAt))
        throw staleWrite();
      const beforeAgendas = (await agendaIdsOf(tx, [before.id])).get(before.id) ?? [];
      const [after] = await tx
        .update(lives)
        .set({
          ...values,
          // A live switched to the ingest without a key gets one (rows made before keys existed).
          ...(values.sourceKind === 'ingest' && !before.streamKeySealed
            ? { streamKeySealed: sealStreamSecret(deps.config, newStreamSecret()) }
            : {}),
          updatedAt: nextUpdatedAt(before.updatedAt),
        })
        .where(eq(lives.id, before.id))
        .returning();
      await replaceAgendaLinks(tx, before.id, agendaIds);
      await scheduleLiveJobs(tx, deps.jobs, { id: before.id, start: values.start, end: values.end });
      const isChanged = watchRightKeys.some((key) => before[key] !== after?.[key]);
      return { result: isChanged, before: audited(before, beforeAgendas), after: audited(after, agendaIds) };
    },
  );
  // Who may watch changed (§6): open sockets close (4408) and reconnect with a ticket that re-checks.
  if (isWatchRightChanged) await liveHubOfConfig(deps.config)?.closeLive(input.liveId);
  return consoleLiveOf(deps.db, input.meetingId, input.liveId);
}

/** DELETE /console/meetings/{meeting_id}/lives/{id} (soft; the public then gets 404). @throws 403; 404 */
export async function deleteConsoleLive(
  deps: ConsoleLivesDeps,
  input: Caller & { liveId: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action });
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'live', entityId: input.liveId },
    async (tx) => {
      const [row] = await tx
        .update(lives)
        .set({ deleted: 1, updatedAt: liveClock.now() })
        .where(and(eq(lives.id, input.liveId), eq(lives.meetingId, input.meetingId), eq(lives.deleted, 0)))
        .returning({ id: lives.id });
      if (!row) throw notFound('Live');
      return { result: row.id, before: { deleted: 0 }, after: { deleted: 1 } };
    },
  );
  await liveHubOfConfig(deps.config)?.closeLive(input.liveId); // the room is gone (§6)
  return { ok: 1 };
}

/**
 * PUT /console/meetings/{meeting_id}/lives/{id}/pause: pauses (1) or resumes (0) the stream (§4
 * 'paused' while ongoing). The caller publishes the new state to the room after the commit.
 * @throws 403 no_permission; 404 not_found
 */
export async function pauseConsoleLive(
  deps: ConsoleLivesDeps,
  input: Caller & { liveId: string; paused: 0 | 1 },
): Promise<ConsoleLive> {
  await requireCan(deps, { ...input, action });
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'live', entityId: input.liveId },
    async (tx) => {
      const before = await lockMeetingLive(tx, input.meetingId, input.liveId);
      if (!before) throw notFound('Live');
      await tx
        .update(lives)
        .set({ paused: input.paused, updatedAt: nextUpdatedAt(before.updatedAt) })
        .where(eq(lives.id, before.id));
      return { result: before.id, before: { paused: before.paused }, after: { paused: input.paused } };
    },
  );
  return consoleLiveOf(deps.db, input.meetingId, input.liveId);
}

/** The ingest settings shown for a secret. */
function ingestOf(config: Config, liveId: string, secret: string | null): ConsoleLiveIngest {
  return {
    is_configured: isIngestConfigured(config),
    server: config.LIVE_INGEST_RTMP_URL ?? '',
    stream_key: secret ? obsStreamKey(liveId, secret) : '',
  };
}

/**
 * GET /console/meetings/{meeting_id}/lives/{id}/ingest: reveals the OBS server and stream key
 * ('<live id>?key=<secret>'); the reveal is audited (action lives.edit, entity live_ingest, no key in
 * the row). A live without a readable key gets a new one.
 * @throws 403 no_permission; 404 not_found
 */
export async function getConsoleLiveIngest(
  deps: ConsoleLivesDeps,
  input: Caller & { liveId: string },
): Promise<ConsoleLiveIngest> {
  await requireCan(deps, { ...input, action });
  const secret = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'live_ingest',
      entityId: input.liveId,
    },
    async (tx) => {
      const live = await lockMeetingLive(tx, input.meetingId, input.liveId);
      if (!live) throw notFound('Live');
      let key = openStreamSecret(deps.config, live.streamKeySealed);
      if (!key) {
        key = newStreamSecret();
        await tx
          .update(lives)
          .set({ streamKeySealed: sealStreamSecret(deps.config, key) })
          .where(eq(lives.id, live.id));
      }
      return { result: key, before: null, after: { revealed: 1 } };
    },
  );
  return ingestOf(deps.config, input.liveId, secret);
}

/**
 * POST /console/meetings/{meeting_id}/lives/{id}/ingest: a new stream key; the old one no longer
 * publishes (POST /lives/ingest/auth reads the stored key). Audited without the key.
 * @throws 403 no_permission; 404 not_found
 */
export async function rotateConsoleLiveIngest(
  deps: ConsoleLivesDeps,
  input: Caller & { liveId: string },
): Promise<ConsoleLiveIngest> {
  await requireCan(deps, { ...input, action });
  const secret = newStreamSecret();
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'live_ingest',
      entityId: input.liveId,
    },
    async (tx) => {
      const live = await lockMeetingLive(tx, input.meetingId, input.liveId);
      if (!live) throw notFound('Live');
      await tx
        .update(lives)
        .set({ streamKeySealed: sealStreamSecret(deps.config, secret) })
        .where(eq(lives.id, live.id));
      return { result: live.id, before: null, after: { rotated: 1 } };
    },
  );
  return ingestOf(deps.config, input.liveId, secret);
}
