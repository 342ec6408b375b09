import { z } from 'zod';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The in-app notification centre under Me (beyond the spec; §1 contact network, appointments,
 * registration review, Q&A): a user's notices newest first with unread marks, and per-kind mail/SMS
 * choices that the mail and SMS senders respect.
 */

/** What a notice is about; the client words it in the reader's language from `values`. */
export const NotificationKind = z.enum([
  'friend.application',
  'friend.accepted',
  'appointment.request',
  'appointment.answer',
  'registration.review',
  'question.answer',
  'speaker.invitation',
  'live.reminder',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationItem = z.object({
  _id: WireId,
  meeting_id: WireId.nullable(),
  kind: NotificationKind,
  values: z.record(z.string(), z.string()),
  /** App path (hash route without '#') that opens the item, with its query. */
  path: z.string(),
  query: z.record(z.string(), z.string()),
  is_read: Flag,
  created: UnixSeconds,
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/notifications',
  summary: "The caller's notices, newest first, 20 a page by default (limit ≤ 50). 401 login.required.",
  spec: 'beyond the spec (notification centre)',
  tags: ['notifications'],
  isPublic: false,
  querystring: z.object({
    skip: z.coerce.number().int().min(0).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
    unread: z.enum(['0', '1']).optional(),
  }),
  response: z.object({
    results: z.array(NotificationItem),
    total: z.number().int().nonnegative(),
    unread: z.number().int().nonnegative(),
  }),
});

export const countNotifications = defineRoute({
  method: 'GET',
  path: '/notifications/count',
  summary: "How many of the caller's notices are unread (the badge). 401 login.required.",
  spec: 'beyond the spec (notification centre)',
  tags: ['notifications'],
  isPublic: false,
  response: z.object({ total: z.number().int().nonnegative() }),
});

/**
 * Body of PUT /notifications/read: some notices by id (≤ 100; an array, or comma-separated as a form
 * body sends it), or all with `all: 1`.
 */
export const ReadNotificationsBody = z.strictObject({
  ids: z
    .union([
      z.array(ObjectIdString).max(100),
      z
        .string()
        .max(2_500)
        .transform((text) => text.split(',').filter(Boolean))
        .pipe(z.array(ObjectIdString).max(100)),
    ])
    .optional(),
  all: z.union([z.literal(1), z.literal('1')]).optional(),
});

export const readNotifications = defineRoute({
  method: 'PUT',
  path: '/notifications/read',
  summary:
    "Marks the caller's notices read (others' ids are ignored); answers how many changed and what stays unread. 400 validation_failed (neither ids nor all).",
  spec: 'beyond the spec (notification centre)',
  tags: ['notifications'],
  isPublic: false,
  body: ReadNotificationsBody,
  response: z.object({ updated: z.number().int().nonnegative(), unread: z.number().int().nonnegative() }),
});

export const NotificationPreference = z.object({ kind: NotificationKind, mail: Flag, sms: Flag });
export type NotificationPreference = z.infer<typeof NotificationPreference>;

export const getNotificationPreferences = defineRoute({
  method: 'GET',
  path: '/notification/preferences',
  summary: "The caller's mail / SMS choice for every kind (both on unless turned off).",
  spec: 'beyond the spec (notification centre)',
  tags: ['notifications'],
  isPublic: false,
  response: z.object({ results: z.array(NotificationPreference) }),
});

const FlagInput = z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])]);

export const updateNotificationPreferences = defineRoute({
  method: 'PUT',
  path: '/notification/preferences',
  summary: 'Sets mail and/or SMS of one kind (the in-app notice is always kept); answers every kind.',
  spec: 'beyond the spec (notification centre)',
  tags: ['notifications'],
  isPublic: false,
  body: z.strictObject({ kind: NotificationKind, mail: FlagInput.optional(), sms: FlagInput.optional() }),
  response: z.object({ results: z.array(NotificationPreference) }),
});
