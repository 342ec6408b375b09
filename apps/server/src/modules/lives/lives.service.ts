import {
  ErrorCode,
  type FormAnswers,
  LiveError,
  type LivePermission,
  type LiveSummary,
  limits,
  liveLimits,
  type Order,
  toWireId,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { checkout, type OrderDeps } from '../orders/orders.service.ts';
import { loadFormContext } from '../tickets/tickets.registration.ts';
import { users } from '../users/users.tables.ts';
import { liveClock } from './lives.clock.ts';
import { findShownLive, type LiveRow, liveBanned, livePermissionOf } from './lives.permission.ts';
import { openStreamSecret, playbackOf, playViewerOf, safeEqual, verifyPlayToken } from './lives.playback.ts';
import {
  agendaIdsOf,
  countShownLives,
  findShownLives,
  type LiveListFilter,
  meetingCurrency,
  onlineCounts,
  priceAmounts,
} from './lives.repository.ts';
import { liveStateAt, toLiveSummary } from './lives.serializer.ts';
import { liveUsers } from './lives.tables.ts';

type Deps = { db: Database; config: Config };

/** The list filters as the contract parses them (§7 GET /lives, /lives/count). */
export type LiveListQueryInput = {
  meeting_id: string;
  _id?: string | undefined;
  state?: 'upcoming' | 'ongoing' | 'past' | undefined;
  agenda_id?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
};

/** The start of the online window at `now` (heartbeats in the last 60 s). */
export function onlineSince(now: Date): Date {
  return new Date(now.getTime() - liveLimits.onlineWindowSeconds * 1000);
}

function filterOf(query: LiveListQueryInput, now: Date): LiveListFilter {
  return { meetingId: query.meeting_id, id: query._id, state: query.state, agendaId: query.agenda_id, now };
}

/** The pass's price in cents when the live is sold ('paid' with a live price), else null. */
function soldPrice(live: LiveRow, amounts: Map<string, number>): number | null {
  if (live.access !== 'paid' || !live.priceId) return null;
  return amounts.get(live.priceId) ?? null;
}

/**
 * GET /lives (§7 Lives, §3 Live, §4): a meeting's shown lives (enable_show 1, not deleted) — ongoing
 * first, then upcoming by start, then past newest first — each with its §4 state at the lives'
 * clock, sessions, online viewers (heartbeats in the last 60 s) and, when sold, the pass price in
 * cents with the meeting's commerce currency. Filters: `_id`, `state` (upcoming / ongoing / past),
 * `agenda_id`; `limit` (default 20) and `skip`. Never carries a stream address. Public.
 */
export async function listShownLives(
  deps: Deps,
  query: LiveListQueryInput,
): Promise<{ results: LiveSummary[] }> {
  const now = liveClock.now();
  const rows = await findShownLives(deps.db, filterOf(query, now), {
    limit: query.limit ?? limits.defaultList,
    skip: query.skip ?? 0,
  });
  if (rows.length === 0) return { results: [] };
  const ids = rows.map((row) => row.id);
  const priceIds = rows.flatMap((row) => (row.access === 'paid' && row.priceId ? [row.priceId] : []));
  const [agendaIds, online, amounts, currency] = await Promise.all([
    agendaIdsOf(deps.db, ids),
    onlineCounts(deps.db, ids, onlineSince(now)),
    priceAmounts(deps.db, priceIds),
    priceIds.length > 0 ? meetingCurrency(deps.db, query.meeting_id) : Promise.resolve(null),
  ]);
  return {
    results: rows.map((row) =>
      toLiveSummary(row, {
        agendaIds: agendaIds.get(row.id) ?? [],
        online: online.get(row.id) ?? 0,
        price: soldPrice(row, amounts),
        currency,
        now,
      }),
    ),
  };
}

/** GET /lives/count (§7): how many lives GET /lives lists with the same filters (paging ignored). */
export async function countShownLivesOf(deps: Deps, query: LiveListQueryInput): Promise<{ total: number }> {
  return { total: await countShownLives(deps.db, filterOf(query, liveClock.now())) };
}

/**
 * GET /lives/{id}/permission (§6, §7 Lives): whether the caller may watch and why (livePermissionOf),
 * the §4 state at the lives' clock and — only when permitted — what to play: the source while
 * streaming (the pasted URL, or an ingest address signed for this caller — user, or device for a
 * visitor — valid until the live's end plus a grace (playbackOf), re-checked by the ingest on every
 * read; the room asks again after `play_expires`), the recording in replay,
 * else null. For 'registration_required' / 'payment_required' also the activity and (paid) the pass
 * price in cents with its currency. `subscribed`, `can_chat` (permitted, logged in, not muted, chat
 * on) and `can_moderate` for the room.
 * @throws 404 not_found (unknown, deleted or hidden live)
 */
export async function getLivePermissionOf(
  deps: Deps,
  input: { liveId: string; userId: string | null; deviceId?: string | null },
): Promise<LivePermission> {
  const live = await findShownLive(deps.db, input.liveId);
  if (!live) throw notFound('Live');
  const now = liveClock.now();
  const access = await livePermissionOf(deps, live, { userId: input.userId });
  const state = liveStateAt(live, now);
  const viewer = playViewerOf({ userId: input.userId, deviceId: input.deviceId ?? null });
  const playback = access.permission === 1 ? playbackOf(deps.config, live, state, unix(now), viewer) : null;
  const needsWay = access.reason === 'registration_required' || access.reason === 'payment_required';
  let price: number | null = null;
  let currency: string | null = null;
  if (access.reason === 'payment_required' && live.priceId) {
    price = (await priceAmounts(deps.db, [live.priceId])).get(live.priceId) ?? null;
    if (price !== null) currency = await meetingCurrency(deps.db, live.meetingId);
  }
  const canChat =
    access.permission === 1 &&
    input.userId !== null &&
    live.chatEnabled === 1 &&
    access.standing?.muted !== 1 &&
    access.standing?.banned !== 1;
  return {
    live_id: toWireId(live.id),
    permission: access.permission,
    reason: access.reason,
    state,
    play_url: playback?.url ?? null,
    play_type: playback?.type ?? null,
    play_expires: playback?.expires ?? null,
    price,
    currency,
    activity_id: needsWay ? wireIdOrNull(live.activityId) : null,
    subscribed: input.userId && access.standing?.subscribed === 1 ? 1 : 0,
    can_chat: canChat ? 1 : 0,
    can_moderate: access.canModerate ? 1 : 0,
    now: unix(now),
  };
}

/** 409 live.not_for_sale: the live is not sold ('paid' access with a live price). */
const notForSale = () => new AppError(409, LiveError.notForSale, 'This live is not for sale');
/** 409 live.already_permitted: the caller may already watch. */
const alreadyPermitted = () =>
  new AppError(409, LiveError.alreadyPermitted, 'You can already watch this live');

/**
 * The caller's registrant answers for the activity's member form, from their account (§3
 * Registrant): name (username), phone (area code + national number), e-mail, job, company — only
 * for questions mapped to those fields. Other required questions stay unanswered (the checkout then
 * answers its 400 with the missing fields: such a pass is bought on the activity page).
 */
async function registrantDataOf(
  db: Database,
  userId: string,
  activityId: string,
  now: Date,
): Promise<FormAnswers> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return {};
  const form = await loadFormContext(db, activityId, now);
  const data: FormAnswers = {};
  for (const question of form.questions) {
    switch (question.field) {
      case 'name':
        if (user.username) data[question.id] = user.username;
        break;
      case 'email':
        if (user.email) data[question.id] = user.email;
        break;
      case 'job':
        if (user.workTitle) data[question.id] = user.workTitle;
        break;
      case 'company':
        if (user.workCompany) data[question.id] = user.workCompany;
        break;
      case 'phone': {
        if (!user.phone) break;
        const areaCode = user.areaCode ?? '86';
        const national = user.phone.startsWith(`+${areaCode}`)
          ? user.phone.slice(areaCode.length + 1)
          : user.phone.replace(/^\+/, '');
        data[question.id] = { area_code: areaCode, number: national };
        break;
      }
      default:
        break;
    }
  }
  return data;
}

/**
 * POST /lives/{id}/checkouts (§7 Lives, §4 Order): buys the live's pass — its `price_id` in the
 * linked activity — through the commerce checkout with the caller's registrant data from their
 * account; answers the pending order to pay (or a done one when free). Once paid, the ticket of that
 * price makes livePermissionOf answer 'paid'.
 * @throws 404 not_found; 409 live.not_for_sale (not 'paid' with a price and activity); 403
 * live.banned; 409 live.already_permitted; the checkout's own refusals (4029 sold out, 4340 changed, 400 answers).
 */
export async function checkoutLivePass(
  deps: OrderDeps,
  input: {
    liveId: string;
    userId: string;
    sessionMeetingId: string | null;
    body: { coupon_code?: string | undefined; expected_total?: number | undefined };
  },
): Promise<{ orders: Order[] }> {
  const live = await findShownLive(deps.db, input.liveId);
  if (!live) throw notFound('Live');
  if (live.access !== 'paid' || !live.priceId || !live.activityId) throw notForSale();
  const access = await livePermissionOf(deps, live, { userId: input.userId });
  if (access.reason === 'banned') throw liveBanned();
  if (access.permission === 1) throw alreadyPermitted();
  const data = await registrantDataOf(deps.db, input.userId, live.activityId, liveClock.now());
  const orders = await checkout(deps, {
    userId: input.userId,
    meetingId: input.sessionMeetingId,
    body: {
      activity_id: live.activityId,
      lines: [{ price_id: live.priceId, data }],
      ...(input.body.coupon_code ? { coupon_code: input.body.coupon_code } : {}),
      ...(input.body.expected_total !== undefined ? { expected_total: input.body.expected_total } : {}),
    },
  });
  return { orders };
}

/** 401 for every refused ingest call: the answer never says which part failed. */
const ingestRefused = () => new AppError(401, ErrorCode.loginRequired, 'Unauthorized');

/** The MediaMTX callback body (IngestAuthBody). */
export type IngestAuthInput = {
  /**
   * LIVE_INGEST_AUTH_SECRET as sent: header `x-ingest-secret`, the password of `Authorization: Basic`
   * (authHTTPAddress `http://mediamtx:<secret>@host/…`) or `?secret=`.
   */
  secret: string | undefined;
  action: string;
  path: string;
  password?: string | undefined;
  token?: string | undefined;
  query?: string | undefined;
};

/** Milliseconds the ingest callback trusts what it last read of a live (state and banned users). */
export const ingestReadCacheMs = 5_000;

type ReadableLive = { isStreaming: boolean; banned: Set<string> };

/**
 * Whether a live may be read from the ingest now, and by which user (§4, §6), as a function
 * `(liveId, userId | null) → boolean`: the live is not deleted, shown (enable_show 1), its source is
 * the ingest and its §4 state at the lives' clock is 'streaming' (ongoing and not paused), and the
 * user, if any, is not banned from it. What it reads of a live (one row and its banned user ids) is
 * kept for {@link ingestReadCacheMs} of the lives' clock (10,000 lives at most), so the HLS requests
 * of a crowd — every playlist and segment is authorised — cost two queries per live per 5 s; a pause,
 * an end or a ban therefore stops reads within 5 s. One gate per app (routes make it).
 */
export function ingestReadGate(db: Database): (liveId: string, userId: string | null) => Promise<boolean> {
  const cache = new LRUCache<string, { at: number; value: Promise<ReadableLive | null> }>({ max: 10_000 });
  const load = async (liveId: string, now: Date): Promise<ReadableLive | null> => {
    const [live] = await db
      .select()
      .from(lives)
      .where(and(eq(lives.id, liveId), eq(lives.deleted, 0), eq(lives.enableShow, 1)))
      .limit(1);
    if (live?.sourceKind !== 'ingest') return null;
    const rows = await db
      .select({ userId: liveUsers.userId })
      .from(liveUsers)
      .where(and(eq(liveUsers.liveId, liveId), eq(liveUsers.banned, 1)));
    return {
      isStreaming: liveStateAt(live, now) === 'streaming',
      banned: new Set(rows.map((r) => r.userId)),
    };
  };
  return async (liveId, userId) => {
    const now = liveClock.now();
    const nowMs = now.getTime();
    let entry = cache.get(liveId);
    // A clock set back (tests) or an old entry: read again.
    if (!entry || nowMs < entry.at || nowMs - entry.at >= ingestReadCacheMs) {
      entry = { at: nowMs, value: load(liveId, now) };
      cache.set(liveId, entry);
      entry.value.catch(() => cache.delete(liveId));
    }
    const readable = await entry.value;
    if (!readable?.isStreaming) return false;
    return userId === null || !readable.banned.has(userId);
  };
}

/**
 * POST /lives/ingest/auth (§7 Lives, self-hosted ingest): MediaMTX's HTTP authentication.
 * - the shared secret must equal LIVE_INGEST_AUTH_SECRET (constant-time; unset = every call refused);
 * - action 'publish' on `live/<id>` of a live (not deleted) whose source is the ingest, with its
 *   stream key as the password or `key=` in the query;
 * - action 'read' / 'playback' on `live/<id>` with a read token (`token` or `token=` in the query)
 *   signed for that live and a viewer and not expired at the lives' clock, while `canRead` (see
 *   {@link ingestReadGate}) admits the live and the token's user: shown, streaming, not banned.
 * Output { ok: 1 }. @throws 401 for anything else — one answer whatever failed.
 */
export async function authorizeIngest(
  deps: Deps & { canRead: (liveId: string, userId: string | null) => Promise<boolean> },
  input: IngestAuthInput,
): Promise<{ ok: 1 }> {
  const expected = deps.config.LIVE_INGEST_AUTH_SECRET;
  if (!expected || !input.secret || !safeEqual(input.secret, expected)) throw ingestRefused();
  const match = /^\/?live\/([0-9a-f]{24})\/?$/.exec(input.path);
  if (!match) throw ingestRefused();
  const liveId = match[1] as string;
  const query = new URLSearchParams(input.query ?? '');
  if (input.action === 'read' || input.action === 'playback') {
    const token = input.token || query.get('token') || '';
    const claims = verifyPlayToken(deps.config, liveId, token, unix(liveClock.now()));
    if (!claims || !(await deps.canRead(liveId, claims.userId))) throw ingestRefused();
    return { ok: 1 };
  }
  if (input.action !== 'publish') throw ingestRefused();
  const [live] = await deps.db
    .select({ id: lives.id, sourceKind: lives.sourceKind, streamKeySealed: lives.streamKeySealed })
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.deleted, 0)))
    .limit(1);
  if (!live) throw ingestRefused();
  const given = input.password || query.get('key') || '';
  const secret = live.sourceKind === 'ingest' ? openStreamSecret(deps.config, live.streamKeySealed) : null;
  if (!secret || !given || !safeEqual(given, secret)) throw ingestRefused();
  return { ok: 1 };
}
