import { z } from 'zod';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The console's threads area (DESIGN §7, community design "T"): every thread of the meeting in any
 * moderation state but deleted, with pin, close and reopen. Blocking goes through the moderation
 * queue. Reads need community.read, writes community.moderate (owner, organiser, editor).
 */

export const ConsoleThreadState = z.enum(['visible', 'review', 'blocked']);

export const ConsoleThread = z.object({
  _id: WireId,
  title: z.string(),
  content: z.string(),
  user: z.object({ _id: WireId, name: z.string() }),
  like_total: z.number().int(),
  reply_total: z.number().int(),
  pinned: Flag,
  closed: Flag,
  moderation_state: ConsoleThreadState,
  created: UnixSeconds,
  last_reply_at: UnixSeconds.nullable(),
});
export type ConsoleThread = z.infer<typeof ConsoleThread>;

/** A 0/1 flag as a form body carries it ('0', '1', 0, 1, true, false). */
const FlagInput = z.preprocess(
  (value) => (value === true || value === 'true' ? 1 : value === false || value === 'false' ? 0 : value),
  z.coerce.number().pipe(Flag),
);

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const ThreadParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });

export const listConsoleThreads = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/threads',
  summary: "The meeting's threads (pinned first, newest first; not deleted), 50 a page. community.read.",
  spec: '§2 /meeting/thread/list (console), DESIGN §7',
  tags: ['console', 'threads'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: z.object({ items: z.array(ConsoleThread), total: z.number().int() }),
});

export const UpdateConsoleThreadBody = z
  .object({ pinned: FlagInput.optional(), closed: FlagInput.optional() })
  .refine((body) => body.pinned !== undefined || body.closed !== undefined, 'pinned or closed');
export type UpdateConsoleThreadBody = z.infer<typeof UpdateConsoleThreadBody>;

export const updateConsoleThread = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/threads/:id',
  summary: 'Pins or unpins, closes or reopens a thread (audited). community.moderate.',
  spec: 'DESIGN §7',
  tags: ['console', 'threads'],
  isPublic: false,
  params: ThreadParams,
  body: UpdateConsoleThreadBody,
  response: ConsoleThread,
});
