import { z } from 'zod';
import { Order } from '../orders/orders.contracts.ts';
import { SubtitleCue } from '../subtitles/subtitles.contracts.ts';
import { CountResponse, Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { limits, textLimits } from '../wire/limits.ts';
import { liveLimits } from '../wire/live-limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Live streams (§1 "Watch live streams"; §2 /meeting/live, /meeting/live/detail; §3 Live; §4 Live
 * states; §6 private lives; §7 Lives; §8 'Failed to obtain live source', 'Do not operate
 * frequently!'; §9 countdown tick 1000 ms, reminder 10 minutes before the start, replay/minutes mail
 * within 2 hours after the end).
 *
 * - A live is ongoing while start ≤ now < end; its shown `state` is liveStateOf (@app/domain).
 * - The stream address (`play_url`) is answered only by GET /lives/{id}/permission, and only to a
 *   caller who may watch; lists never carry it. Ingest lives get a signed URL that expires.
 * - Chat: messages are posted over HTTP (moderated, rate-limited) and pushed to the room over one
 *   WebSocket per viewer (GET /lives/{id}/chat/socket?ticket=…), fanned out through Redis pub/sub
 *   across replicas when REDIS_URL is set.
 */

/** Constants of the lives area (§9 and sizes chosen here), in a zod-free file the web reads too. */
export { liveLimits };

/** Error codes of the lives area (besides ErrorCode's not_found, no_permission, too_frequent …). */
export const LiveError = {
  /** 403 chat refused: the caller is muted in this live (or banned). */
  muted: 'live.muted',
  /** 403 the caller was banned from this live by a moderator: no watching, no chat. */
  banned: 'live.banned',
  /** 409 chat is turned off for this live. */
  chatClosed: 'live.chat_closed',
  /** 409 POST /lives/{id}/checkouts on a live that is not sold ('paid' access with a price). */
  notForSale: 'live.not_for_sale',
  /** 409 POST /lives/{id}/checkouts by a caller who may already watch. */
  alreadyPermitted: 'live.already_permitted',
  /** 400 a chat socket ticket that is forged, expired or for another live. */
  ticketInvalid: 'live.ticket_invalid',
  /** 409 subscribing to the reminder of a live that has already started. */
  alreadyStarted: 'live.already_started',
} as const;

/** §4 shown states. */
export const LiveStateName = z.enum(['coming_soon', 'streaming', 'paused', 'ended', 'replay']);
export type LiveStateName = z.infer<typeof LiveStateName>;

/** §6 who may watch. */
export const LiveAccess = z.enum(['public', 'registered', 'paid', 'private']);
export type LiveAccess = z.infer<typeof LiveAccess>;

/** A live as lists show it (§3 Live). Never carries the stream address. */
export const LiveSummary = z.object({
  _id: WireId,
  meeting_id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  cover: z.string(),
  start: UnixSeconds,
  end: UnixSeconds,
  enable_show: Flag,
  state: LiveStateName,
  access: LiveAccess,
  /** The linked registration activity ('registered' / 'paid'), else null. */
  activity_id: WireId.nullable(),
  /** The session(s) the live belongs to (agenda_lives). */
  agenda_ids: z.array(WireId),
  chat_enabled: Flag,
  /** Price of the pass in cents when sold ('paid' with a price), else null; `currency` with it. */
  price: z.number().int().nonnegative().nullable(),
  currency: z.string().nullable(),
  /** Online now (heartbeats in the last 60 s). */
  online: z.number().int().nonnegative(),
  /** The server's clock (unix seconds), for the countdown (§9 tick 1000 ms). */
  now: UnixSeconds,
});
export type LiveSummary = z.infer<typeof LiveSummary>;

/** Filters of GET /lives and /lives/count (§7: enable_show; a GET with _id takes the first item). */
export const LiveListQuery = z.object({
  meeting_id: ObjectIdString,
  _id: ObjectIdString.optional(),
  /** Defaults to 1: shown lives only (organisers see hidden ones in the console). */
  enable_show: z.enum(['1']).optional(),
  state: z.enum(['upcoming', 'ongoing', 'past']).optional(),
  agenda_id: ObjectIdString.optional(),
  limit: z.coerce.number().int().min(1).max(limits.maxList).optional(),
  skip: z.coerce.number().int().min(0).max(limits.maxSkip).optional(),
});

export const listLives = defineRoute({
  method: 'GET',
  path: '/lives',
  summary:
    "A meeting's shown lives (enable_show = 1, not deleted): ongoing first, then upcoming by start, then past by start descending. With `_id` at most that one. Public (§7: no Authorization needed).",
  spec: '§7 Lives, §3 Live, §4 Live',
  tags: ['lives'],
  isPublic: true,
  querystring: LiveListQuery,
  response: resultsOf(LiveSummary),
});

export const countLives = defineRoute({
  method: 'GET',
  path: '/lives/count',
  summary: 'How many lives GET /lives would list with the same filters (limit/skip ignored).',
  spec: '§7 Lives',
  tags: ['lives'],
  isPublic: true,
  querystring: LiveListQuery,
  response: CountResponse,
});

const LiveParams = z.object({ id: ObjectIdString });

/** Why the caller may or may not watch (§6). */
export const LivePermissionReason = z.enum([
  'public',
  'registered',
  'paid',
  'granted',
  'organiser',
  'login_required',
  'registration_required',
  'payment_required',
  'private',
  'banned',
]);
export type LivePermissionReason = z.infer<typeof LivePermissionReason>;

/**
 * GET /lives/{id}/permission (§6). `play_url` is set only when `permission` is 1 and there is a
 * picture to show: while streaming (the source) or in replay (the recording); null otherwise (also
 * when the live has no source yet — the room then says 'Failed to obtain live source' with a retry).
 * `play_type` says how to play it: 'hls' (hls.js or native), 'flv' (mpegts.js), 'mp4' (a plain file).
 */
export const LivePermission = z.object({
  live_id: WireId,
  permission: Flag,
  reason: LivePermissionReason,
  state: LiveStateName,
  play_url: z.string().nullable(),
  play_type: z.enum(['hls', 'flv', 'mp4']).nullable(),
  /** Unix seconds when a signed `play_url` stops working; null for unsigned ones. */
  play_expires: UnixSeconds.nullable(),
  /** For 'payment_required': the pass's price in cents and currency. */
  price: z.number().int().nonnegative().nullable(),
  currency: z.string().nullable(),
  /** For 'registration_required' / 'payment_required': where to register. */
  activity_id: WireId.nullable(),
  /** The caller's reminder subscription (0 for visitors). */
  subscribed: Flag,
  /** The caller may post in the chat (logged in, permitted, not muted, chat on). */
  can_chat: Flag,
  /** The caller may mute, ban, pin and delete (console action lives.moderate). */
  can_moderate: Flag,
  now: UnixSeconds,
});
export type LivePermission = z.infer<typeof LivePermission>;

export const getLivePermission = defineRoute({
  method: 'GET',
  path: '/lives/:id/permission',
  summary:
    "Whether the caller may watch (§6: public; registered participants of the linked activity; buyers of the pass; users granted a private live; the meeting's organisers) and, if so, the play address. 404 not_found (unknown, deleted or hidden live).",
  spec: '§7 Lives, §6',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  response: LivePermission,
});

/** Body of POST /lives/{id}/checkouts: the pass for the caller (one line, their own registrant data). */
export const LiveCheckoutBody = z.strictObject({
  coupon_code: z.string().trim().max(32).optional(),
  /** Cents the buyer saw; a different total answers 4340. */
  expected_total: z.coerce.number().int().nonnegative().optional(),
});

export const checkoutLive = defineRoute({
  method: 'POST',
  path: '/lives/:id/checkouts',
  summary:
    "Buys the live's pass (its `price_id` in the linked activity) through the commerce checkout: answers the pending order to pay (or a done one when free). 401 login.required; 403 live.banned; 404 not_found; 409 live.not_for_sale; 409 live.already_permitted; and the checkout's own refusals (4029 sold out, 4340 changed).",
  spec: '§7 Lives, §4 Order',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  body: LiveCheckoutBody,
  response: z.object({ orders: z.array(Order) }),
});

/** A chat message as the room shows it. The poster's contact details are never included. */
export const LiveChatMessage = z.object({
  _id: WireId,
  live_id: WireId,
  user: z.object({ _id: WireId, username: z.string(), avatar: z.string() }),
  text: z.string(),
  created: UnixSeconds,
  /** 1 for the live's pinned message. */
  pinned: Flag,
});
export type LiveChatMessage = z.infer<typeof LiveChatMessage>;

export const listLiveChats = defineRoute({
  method: 'GET',
  path: '/lives/:id/chats',
  summary:
    'Visible chat messages, newest first (≤ 50 a page; `before` a message id for older ones), and the pinned one. Needs permission to watch (403 no_permission); 404 not_found.',
  spec: '§7 Lives (chat history on join)',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  querystring: z.object({
    before: ObjectIdString.optional(),
    limit: z.coerce.number().int().min(1).max(liveLimits.chatHistory).optional(),
  }),
  response: z.object({ results: z.array(LiveChatMessage), pinned: LiveChatMessage.nullable() }),
});

export const LiveChatBody = z.strictObject({
  text: z.string().trim().min(1).max(liveLimits.chatText),
});

export const postLiveChat = defineRoute({
  method: 'POST',
  path: '/lives/:id/chats',
  summary:
    "Posts a chat message through moderation, then broadcasts it to the room. 400 validation_failed (empty, over 200 characters) or content.sensitive; 401 login.required; 403 no_permission / live.muted / live.banned / moderation.banned; 409 live.chat_closed; 429 too_frequent 'Do not operate frequently!'. A refused message is neither stored as visible nor broadcast; one held for review is stored, not broadcast.",
  spec: '§7 Lives, §5 sensitive content, §8',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  body: LiveChatBody,
  response: z.object({ message: LiveChatMessage, state: z.enum(['visible', 'review']) }),
});

export const deleteLiveChat = defineRoute({
  method: 'DELETE',
  path: '/lives/:id/chats/:message_id',
  summary:
    'Removes a chat message (its poster, or a moderator: lives.moderate) and broadcasts the removal. 403 no_permission; 404 not_found.',
  spec: '§7 Lives',
  tags: ['lives'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, message_id: ObjectIdString }),
  response: z.object({ ok: z.literal(1) }),
});

export const pinLiveChat = defineRoute({
  method: 'PUT',
  path: '/lives/:id/pin',
  summary:
    "Pins a visible message of the live ('' unpins) and broadcasts it. 403 no_permission (lives.moderate); 404 not_found.",
  spec: '§7 Lives',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  body: z.strictObject({ message_id: z.union([ObjectIdString, z.literal('')]) }),
  response: z.object({ pinned: LiveChatMessage.nullable() }),
});

export const countLiveChats = defineRoute({
  method: 'GET',
  path: '/chats/count',
  summary:
    "The live's visible chat messages. 403 no_permission (a live that is not public, to a caller who may neither watch nor moderate it); 404 not_found.",
  spec: '§7 Lives',
  tags: ['lives'],
  isPublic: false,
  querystring: z.object({ live_id: ObjectIdString }),
  response: CountResponse,
});

export const createLiveChatTicket = defineRoute({
  method: 'POST',
  path: '/lives/:id/chat/tickets',
  summary:
    'A one-minute ticket to open the room socket (browsers cannot send headers on a WebSocket): HMAC over live, viewer and expiry. Needs permission to watch (403 no_permission); 404 not_found.',
  spec: '§7 Lives, DESIGN §9 real time',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  response: z.object({ ticket: z.string(), expires: UnixSeconds }),
});

/**
 * What the room socket pushes (server → client, JSON text frames). The client sends nothing but
 * pings; messages are posted over HTTP.
 */
export const LiveSocketEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: LiveChatMessage }),
  z.object({ type: z.literal('removed'), message_id: WireId }),
  z.object({ type: z.literal('pinned'), message: LiveChatMessage.nullable() }),
  /** The organiser paused/resumed or edited the live: re-read its state and permission. */
  z.object({ type: z.literal('state'), state: LiveStateName }),
  z.object({ type: z.literal('online'), online: z.number().int().nonnegative() }),
  /** Sent to one user's sockets when a moderator mutes/unmutes or bans them. */
  z.object({ type: z.literal('moderated'), muted: Flag, banned: Flag }),
  /** A new subtitle cue (§1 AI subtitles), in the spoken language or one of the live's target languages. */
  z.object({ type: z.literal('subtitle'), cue: SubtitleCue }),
]);
export type LiveSocketEvent = z.infer<typeof LiveSocketEvent>;

/** Path of the room socket (GET with Upgrade: websocket; `?ticket=`). */
export const liveChatSocketPath = '/lives/:id/chat/socket';

export const sendLiveHeartbeat = defineRoute({
  method: 'POST',
  path: '/lives/:id/heartbeats',
  summary:
    "The player's heartbeat every 30 s while it plays: marks the viewer (user, or device for visitors) online, counts first-time viewers and the peak. Needs permission to watch (403 no_permission); 404 not_found.",
  spec: '§7 GET /lives/users (online count from heartbeats)',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  response: z.object({ online: z.number().int().nonnegative() }),
});

/** A viewer as organisers see them (GET /lives/users). */
export const LiveViewer = z.object({
  user: z.object({ _id: WireId, username: z.string(), avatar: z.string() }).nullable(),
  first_seen: UnixSeconds,
  last_seen: UnixSeconds,
  watch_seconds: z.number().int().nonnegative(),
  online: Flag,
  muted: Flag,
  banned: Flag,
});
export type LiveViewer = z.infer<typeof LiveViewer>;

export const listLiveUsers = defineRoute({
  method: 'GET',
  path: '/lives/users',
  summary:
    'Online count of a live (a live that is not public: only to callers who may watch it or moderate); with lives.moderate also the viewers (online first, then by last seen), paged. 404 not_found; 403 no_permission.',
  spec: '§7 Lives',
  tags: ['lives'],
  isPublic: false,
  querystring: z.object({
    live_id: ObjectIdString,
    limit: z.coerce.number().int().min(1).max(200).optional(),
    skip: z.coerce.number().int().min(0).max(limits.maxSkip).optional(),
  }),
  response: z.object({
    online: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    results: z.array(LiveViewer),
  }),
});

const FlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

/** A user's standing in a live. */
export const LiveUserState = z.object({
  live_id: WireId,
  user_id: WireId,
  muted: Flag,
  banned: Flag,
  allowed: Flag,
});
export type LiveUserState = z.infer<typeof LiveUserState>;

export const updateLiveUser = defineRoute({
  method: 'PUT',
  path: '/lives/:id/users/:user_id',
  summary:
    "A moderator (lives.moderate) mutes/unmutes, bans/unbans or grants (private lives) a user; the user's open sockets hear it at once, a banned user's are closed. 403 no_permission; 404 not_found (live or user).",
  spec: '§7 Lives',
  tags: ['lives'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, user_id: ObjectIdString }),
  body: z
    .strictObject({
      muted: FlagInput.optional(),
      banned: FlagInput.optional(),
      allowed: FlagInput.optional(),
    })
    .refine(
      (b) => b.muted !== undefined || b.banned !== undefined || b.allowed !== undefined,
      'Nothing to change',
    ),
  response: LiveUserState,
});

export const updateLiveSubscription = defineRoute({
  method: 'PUT',
  path: '/lives/:id/subscription',
  summary:
    'Turns the reminder on or off (§9: SMS and mail 10 minutes before the start, once). 401 login.required; 404 not_found; 409 live.already_started when subscribing after the start.',
  spec: '§9 live reminder',
  tags: ['lives'],
  isPublic: false,
  params: LiveParams,
  body: z.strictObject({ subscribed: FlagInput }),
  response: z.object({ subscribed: Flag }),
});

/**
 * The MediaMTX authentication callback (authMethod: http): MediaMTX posts every publish and read
 * attempt here. Publish on path `live/<live id>` needs the live's stream key (as password or `key=`
 * in the query); read needs a signed `token=` from GET /lives/{id}/permission. 200 allows, 401 refuses.
 * Only reachable with the shared LIVE_INGEST_AUTH_SECRET (header `x-ingest-secret`, the password of
 * `Authorization: Basic`, or `?secret=`, which lands in access logs).
 */
export const IngestAuthBody = z.object({
  user: z.string().max(textLimits.token).optional(),
  password: z.string().max(textLimits.token).optional(),
  token: z.string().max(textLimits.url).optional(),
  ip: z.string().max(64).optional(),
  action: z.string().max(32),
  path: z.string().max(textLimits.url),
  protocol: z.string().max(32).optional(),
  id: z.string().max(textLimits.token).nullable().optional(),
  query: z.string().max(textLimits.url).optional(),
});

export const authorizeLiveIngest = defineRoute({
  method: 'POST',
  path: '/lives/ingest/auth',
  summary:
    'MediaMTX publish/read authorisation (see IngestAuthBody). 200 { ok: 1 } allows; 401 refuses (wrong key, unknown live, expired token, wrong secret).',
  spec: '§7 Lives (self-hosted ingest)',
  tags: ['lives'],
  isPublic: true,
  body: IngestAuthBody,
  response: z.object({ ok: z.literal(1) }),
});
