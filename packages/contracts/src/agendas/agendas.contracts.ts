import { z } from 'zod';
import {
  CountResponse,
  Flag,
  ListQuerystring,
  LocalizedText,
  Reference,
  resultsOf,
  UnixSeconds,
} from '../wire/common.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/** A speaker as listed inside an agenda item. */
export const AgendaSpeaker = z.object({
  _id: WireId,
  name: z.string(),
  photo: z.string(),
  work_title: LocalizedText,
  company: LocalizedText,
});

/** A live stream attached to an agenda item (§3 Agenda: lives, each with enable_show). */
export const AgendaLive = z.object({
  _id: WireId,
  title: LocalizedText,
  cover: z.string(),
  start: UnixSeconds,
  end: UnixSeconds,
  enable_show: Flag,
});

/**
 * A registration activity placed on an agenda item (§3 Agenda: activities, each with enable_show):
 * only placements with enable_show = 1 whose activity is live and shown are listed; a private one is
 * listed too (its page handles invitations). `cover` is its first cover ('' when none).
 */
export const AgendaActivity = z.object({
  _id: WireId,
  title: LocalizedText,
  cover: z.string(),
  start: UnixSeconds,
  end: UnixSeconds,
});
export type AgendaActivity = z.infer<typeof AgendaActivity>;

/** An agenda item (a session of the programme), times in unix seconds. */
export const Agenda = z.object({
  _id: WireId,
  meeting_id: WireId,
  title: LocalizedText,
  subtitle: LocalizedText,
  /**
   * The full texts, most of a session's bytes: given by the session details call (the list filtered
   * by `_id`) and by /meetings/{id}/speaker/users/{user_id}/agendas; the programme lists and a
   * speaker's page leave them out (their screens show title, subtitle, time, place and speakers).
   */
  abstract: LocalizedText.optional(),
  description: LocalizedText.optional(),
  /** Session type from the schedule ('lecture', 'workshop' …). */
  type: z.string(),
  /** Language the session is held in (ISO code) or null. */
  language: z.string().nullable(),
  start: UnixSeconds,
  end: UnixSeconds,
  room: z.object({ _id: WireId, name: LocalizedText }).nullable(),
  track: z.object({ _id: WireId, name: z.string(), color: z.string().nullable() }).nullable(),
  speakers: z.array(AgendaSpeaker),
  links: z.array(Reference),
  attachments: z.array(Reference),
  url: z.string().nullable(),
  slug: z.string().nullable(),
  guid: z.string(),
  logo: z.string().nullable(),
  do_not_record: z.boolean().nullable(),
  enable_show: Flag,
  deleted: Flag,
  /** Present with `with_lives=1`: the item's lives with enable_show = 1. */
  lives: z.array(AgendaLive).optional(),
  /**
   * Always present (§7 names no flag for it): the item's shown activities by start — read for a whole
   * page in one query, so the schedule can mark sessions that take registrations.
   */
  activities: z.array(AgendaActivity),
});
export type Agenda = z.infer<typeof Agenda>;

/** Allowed filters and sorts of GET /meeting/agendas and its count. */
export const agendaQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    room_id: { type: 'id', ops: ['$eq', '$in'] },
    track_id: { type: 'id', ops: ['$eq', '$in'] },
    speaker_id: { type: 'id', ops: ['$eq'] },
    type: { type: 'string', ops: ['$eq', '$in'] },
    language: { type: 'string', ops: ['$eq', '$in'] },
    start: { type: 'time', ops: ['$gt', '$gte', '$lt', '$lte'] },
    end: { type: 'time', ops: ['$gt', '$gte', '$lt', '$lte'] },
  },
  sort: ['start', 'end', 'created'],
  defaultSort: [{ field: 'start', direction: 1 }],
} as const satisfies ResourceQuerySpec;

export const AgendaListQuerystring = ListQuerystring.extend({
  with_lives: z.enum(['0', '1']).optional(),
});

export const listAgendas = defineRoute({
  method: 'GET',
  path: '/meeting/agendas',
  summary:
    "List a meeting's agenda items (programme sessions) with their shown activities; with_lives=1 adds their shown lives.",
  spec: '§7 Content',
  tags: ['agendas'],
  isPublic: false,
  querystring: AgendaListQuerystring,
  response: resultsOf(Agenda),
});

export const countAgendas = defineRoute({
  method: 'GET',
  path: '/meeting/agendas/count',
  summary: 'Count agenda items matching the same filters as the list.',
  spec: '§7 Content',
  tags: ['agendas'],
  isPublic: false,
  querystring: ListQuerystring.omit({ sort: true, limit: true, skip: true }),
  response: CountResponse,
});

export const listSpeakerUserAgendas = defineRoute({
  method: 'GET',
  path: '/meetings/:id/speaker/users/:user_id/agendas',
  summary: 'Agenda items of the speaker linked to a user account, in a meeting.',
  spec: '§7 Meetings',
  tags: ['agendas', 'speakers'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, user_id: ObjectIdString }),
  querystring: z.object({ limit: z.union([z.string(), z.number()]).optional() }),
  response: resultsOf(Agenda),
});
