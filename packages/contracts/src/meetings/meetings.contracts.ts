import { z } from 'zod';
import { Flag, IdParams, ListQuerystring, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/** Meeting `config` (§3): languages, theme and share settings set by the organiser. */
export const MeetingConfig = z.object({
  /** Enabled languages, `{ en: 1, zh: 1 }` (1 = enabled). */
  language: z.record(z.string(), z.number()).optional(),
  theme_color: z.string().optional(),
  follow_theme_color: z.number().optional(),
  main_button_color: z.string().optional(),
  main_button_theme: z.string().optional(),
  /** 'round' gives fully rounded buttons and cards. */
  border_radius: z.string().optional(),
  icp: z.string().optional(),
  /** 'grid9' lays the home entries out as a 3×3 grid on phones. */
  block_mobile_layout: z.string().optional(),
  wx_share_title: z.string().optional(),
  wx_share_desc: z.string().optional(),
  wx_share_cover: z.string().optional(),
  /** Privacy policy shown at /agree and ticked before login (§2, §5); plain text, paragraphs by blank lines. */
  privacy_policy: LocalizedText.optional(),
});
export type MeetingConfig = z.infer<typeof MeetingConfig>;

/** Meeting `exhibition` settings (§3): footer, exhibitor wording, copilot. */
export const MeetingExhibition = z.object({
  /** '' shows the powered-by line, 'hidden' hides it, 'link' makes it a link. */
  powerby: z.string().optional(),
  mail_logo: z.string().optional(),
  reception_staff_role_1: z.string().optional(),
  reception_staff_role_2: z.string().optional(),
  enable_copilot: z.number().optional(),
  exhibit_txt: LocalizedText.optional(),
  exhibition_txt: LocalizedText.optional(),
  exhibitor_txt: LocalizedText.optional(),
  show_exhibitor: z.number().optional(),
  invitation_cover: z.string().optional(),
  copilot_name: z.string().optional(),
  copilot_prologue_title: z.string().optional(),
  copilot_prologue_description: z.string().optional(),
  copilot_prologue_questions: z.array(z.string()).optional(),
});
export type MeetingExhibition = z.infer<typeof MeetingExhibition>;

/** One programme day: its date and the instants it runs between (unix seconds). */
export const MeetingDay = z.object({
  index: z.number().int(),
  /** Calendar date, YYYY-MM-DD, in the meeting's time zone. */
  date: z.string(),
  start: UnixSeconds,
  end: UnixSeconds,
});
export type MeetingDay = z.infer<typeof MeetingDay>;

/** Meeting as sent on the wire (§3). Times are unix seconds; `time_zone` is an IANA name. */
export const Meeting = z.object({
  _id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  acronym: z.string(),
  domain: z.string().nullable(),
  start: UnixSeconds,
  end: UnixSeconds,
  time_zone: z.string(),
  venue: LocalizedText,
  cover: z.string(),
  limits: z.object({ type: z.number().int() }),
  allow_guest_view: Flag,
  config: MeetingConfig,
  exhibition: MeetingExhibition,
  /** Programme days; empty when the meeting has no imported schedule. */
  days: z.array(MeetingDay),
  appointments: z.number().int(),
  old: z.number().int(),
  block_release_version: z.number().int(),
  block_draft_version: z.number().int(),
  activity_provider_id: z.string().nullable(),
  wechat_authorize: z.object({ authorizer_appid: z.string().nullable() }),
  activities: z.number().int(),
  views_total: z.number().int(),
  deleted: Flag,
});
export type Meeting = z.infer<typeof Meeting>;

/** Allowed filters of GET /demand/meetings. */
export const meetingQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    domain: { type: 'string', ops: ['$eq', '$in'] },
    start: { type: 'time', ops: ['$gt', '$gte', '$lt', '$lte'] },
    end: { type: 'time', ops: ['$gt', '$gte', '$lt', '$lte'] },
  },
  sort: ['start', 'created'],
  defaultSort: [{ field: 'start', direction: -1 }],
} as const satisfies ResourceQuerySpec;

export const listMeetings = defineRoute({
  method: 'GET',
  path: '/demand/meetings',
  summary:
    'List meetings (public). Filter by _id or domain (the domain default meeting); with domain and fallback=public, the public meetings when no meeting has that domain (§2 landing without a meeting).',
  spec: '§7 Meetings',
  tags: ['meetings'],
  isPublic: true,
  querystring: ListQuerystring.omit({ meeting_id: true }).extend({
    domain: z.string().max(textLimits.hostname).optional(),
    /** With `domain`: `public` answers the public meetings when no live meeting has that domain (§2). */
    fallback: z.enum(['public']).optional(),
  }),
  response: resultsOf(Meeting),
});

export const RecordViewBody = z.object({
  user_id: z.string().max(textLimits.id).optional(),
  source_id: z.string().max(textLimits.id).optional(),
});

export const recordMeetingView = defineRoute({
  method: 'POST',
  path: '/meetings/:id/views',
  summary: "Count one view of a meeting's home; returns the new total.",
  spec: '§7 Meetings',
  tags: ['meetings'],
  isPublic: true,
  params: IdParams,
  body: RecordViewBody.optional(),
  response: z.object({ views_total: z.number().int() }),
});
