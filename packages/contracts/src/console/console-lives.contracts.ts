import { z } from 'zod';
import { LiveAccess, LiveChatMessage, LiveStateName } from '../lives/lives.contracts.ts';
import { Flag, LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The organiser console's lives area (DESIGN §7; §3 Live; §4 Live states; §6; §9): create and edit
 * lives (title, cover, start, end, enable_show, source, replay, access and price, linked activity and
 * sessions, chat on/off), pause and resume, the stream key of the self-hosted ingest, the viewer and
 * chat figures, the chat's moderation list and the private live's allowed users. Every call needs
 * `lives.edit`, except the chat list and the allowed users (`lives.moderate`); each write leaves one
 * audit row.
 */

/** Error codes of this area. */
export const ConsoleLiveError = {
  /** 400 end not after start. */
  windowInvalid: 'live.window_invalid',
  /** 400 source_kind 'url' without an http(s) .m3u8/.flv address, or 'ingest' while no ingest is configured. */
  sourceInvalid: 'live.source_invalid',
  /** 400 access 'registered'/'paid' without an activity of the meeting, or 'paid' with a price of another activity. */
  accessInvalid: 'live.access_invalid',
} as const;

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const LiveParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
/** An image: an upload path ('/uploads/…') or an https address, or '' for none. */
const ImageRef = z
  .string()
  .max(textLimits.url)
  .refine((value) => value === '' || value.startsWith('/') || value.startsWith('https://'), 'Invalid image');
/** A stream or recording address: http(s), or '' for none. */
const StreamUrl = z
  .string()
  .trim()
  .max(textLimits.url)
  .refine((value) => value === '' || /^https?:\/\//i.test(value), 'Invalid address');
const Seconds = z.coerce.number().int().min(0).max(253_402_300_799);
const FlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

/** Editable fields of a live. */
export const ConsoleLiveFields = z.strictObject({
  title: localizedTextInput(textLimits.title),
  description: localizedTextInput(textLimits.description).optional(),
  cover: ImageRef.optional(),
  start: Seconds,
  end: Seconds,
  enable_show: FlagInput.optional(),
  weight: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  source_kind: z.enum(['none', 'url', 'ingest']).optional(),
  source_url: StreamUrl.optional(),
  replay_url: StreamUrl.optional(),
  access: LiveAccess.optional(),
  activity_id: z.union([ObjectIdString, z.literal('')]).optional(),
  price_id: z.union([ObjectIdString, z.literal('')]).optional(),
  /**
   * Sessions of the meeting the live belongs to (agenda_lives); replaces the list. A form body has
   * no empty list: `agenda_ids=` ('') clears it.
   */
  agenda_ids: z
    .preprocess((value) => (value === '' ? [] : value), z.array(ObjectIdString).max(20))
    .optional(),
  chat_enabled: FlagInput.optional(),
  /** Optimistic lock on update: the `updated` the editor read (409 conflict.stale when older). */
  updated: z.coerce.number().int().optional(),
});
export type ConsoleLiveFields = z.infer<typeof ConsoleLiveFields>;

/** A live as the console sees it, with its figures. */
export const ConsoleLive = z.object({
  _id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  cover: z.string(),
  start: UnixSeconds,
  end: UnixSeconds,
  enable_show: Flag,
  weight: z.number().int(),
  paused: Flag,
  state: LiveStateName,
  source_kind: z.enum(['none', 'url', 'ingest']),
  source_url: z.string(),
  replay_url: z.string(),
  access: LiveAccess,
  activity_id: WireId.nullable(),
  price_id: WireId.nullable(),
  agenda_ids: z.array(WireId),
  chat_enabled: Flag,
  online: z.number().int().nonnegative(),
  viewer_total: z.number().int().nonnegative(),
  viewer_peak: z.number().int().nonnegative(),
  chat_total: z.number().int().nonnegative(),
  subscriber_total: z.number().int().nonnegative(),
  updated: UnixSeconds,
});
export type ConsoleLive = z.infer<typeof ConsoleLive>;

export const listConsoleLives = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/lives',
  summary:
    "The meeting's lives (deleted ones left out) by start, with their figures. 403 no_permission (lives.edit).",
  spec: '§3 Live, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ConsoleLive) }),
});

export const getConsoleLive = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/lives/:id',
  summary: 'One live with its figures. 403 no_permission; 404 not_found.',
  spec: '§3 Live, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  response: ConsoleLive,
});

export const createConsoleLive = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/lives',
  summary:
    'Creates a live (and its stream key), schedules its reminder and replay mail. 400 validation_failed / live.window_invalid / live.source_invalid / live.access_invalid; 403 no_permission.',
  spec: '§3 Live, §6, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleLiveFields,
  response: ConsoleLive,
});

export const updateConsoleLive = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/lives/:id',
  summary:
    "Saves a live's fields; a new start or end schedules the reminder and replay mail again (the old jobs do nothing). 400 as create; 403 no_permission; 404 not_found; 409 conflict.stale.",
  spec: '§3 Live, §6, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  body: ConsoleLiveFields,
  response: ConsoleLive,
});

export const deleteConsoleLive = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/lives/:id',
  summary: 'Deletes a live (soft: the public then gets 404). 403 no_permission; 404 not_found.',
  spec: '§3 Live, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  response: z.object({ ok: z.literal(1) }),
});

export const pauseConsoleLive = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/lives/:id/pause',
  summary:
    "Pauses (1) or resumes (0) the stream (§4 'paused'); the room hears it at once. 403 no_permission; 404 not_found.",
  spec: '§4 Live, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  body: z.strictObject({ paused: FlagInput }),
  response: ConsoleLive,
});

/** The ingest settings of a live: where OBS publishes and with which key. */
export const ConsoleLiveIngest = z.object({
  /** false when LIVE_INGEST_RTMP_URL / LIVE_INGEST_HLS_URL are not configured. */
  is_configured: z.boolean(),
  /** e.g. rtmp://ingest.example.com:1935/live — the OBS "Server". */
  server: z.string(),
  /** The OBS "Stream key": '<live id>?key=<secret>'. */
  stream_key: z.string(),
});
export type ConsoleLiveIngest = z.infer<typeof ConsoleLiveIngest>;

export const getConsoleLiveIngest = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/lives/:id/ingest',
  summary: "Reveals the live's ingest server and stream key (audited). 403 no_permission; 404 not_found.",
  spec: '§7 Lives (self-hosted ingest), DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  response: ConsoleLiveIngest,
});

export const rotateConsoleLiveIngest = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/lives/:id/ingest',
  summary:
    'Issues a new stream key: the old one stops working for new publishes. 403 no_permission; 404 not_found.',
  spec: '§7 Lives (self-hosted ingest), DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  response: ConsoleLiveIngest,
});

/** A chat message as moderators see it: every state, with the poster's id. */
export const ConsoleLiveChatMessage = LiveChatMessage.extend({
  state: z.enum(['visible', 'review', 'deleted']),
  muted: Flag,
  banned: Flag,
});
export type ConsoleLiveChatMessage = z.infer<typeof ConsoleLiveChatMessage>;

export const listConsoleLiveChats = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/lives/:id/chats',
  summary:
    'The chat for moderation, newest first, every state (`state` filters), paged by `before`. 403 no_permission (lives.moderate); 404 not_found.',
  spec: '§7 Lives, §5, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  querystring: z.object({
    state: z.enum(['visible', 'review', 'deleted']).optional(),
    before: ObjectIdString.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  }),
  response: z.object({ items: z.array(ConsoleLiveChatMessage) }),
});

/** A user with a standing in the live (muted, banned or allowed). */
export const ConsoleLiveUser = z.object({
  user: z.object({
    _id: WireId,
    username: z.string(),
    avatar: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  muted: Flag,
  banned: Flag,
  allowed: Flag,
  subscribed: Flag,
  moderated: UnixSeconds.nullable(),
});
export type ConsoleLiveUser = z.infer<typeof ConsoleLiveUser>;

export const listConsoleLiveUsers = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/lives/:id/users',
  summary:
    'Users muted, banned or allowed (private lives) in this live. 403 no_permission (lives.moderate); 404 not_found.',
  spec: '§6, §7 Lives, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  response: z.object({ items: z.array(ConsoleLiveUser) }),
});

export const grantConsoleLiveUser = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/lives/:id/users',
  summary:
    "Allows a user into a private live by their account's phone or e-mail. 400 validation_failed; 403 no_permission (lives.moderate); 404 not_found (live, or no such user).",
  spec: '§6, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: LiveParams,
  body: z.strictObject({ account: z.string().trim().min(3).max(textLimits.email) }),
  response: ConsoleLiveUser,
});
