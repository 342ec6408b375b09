import { z } from 'zod';
import { Agenda } from '../agendas/agendas.contracts.ts';
import { CountResponse, ListQuerystring, LocalizedText, Reference, resultsOf } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/** A speaker of a meeting (§3 Speaker: name, work_title, photo). */
export const Speaker = z.object({
  _id: WireId,
  meeting_id: WireId,
  name: z.string(),
  work_title: LocalizedText,
  company: LocalizedText,
  photo: z.string(),
  biography: LocalizedText,
  category_id: WireId.nullable(),
  user_id: WireId.nullable(),
  links: z.array(Reference),
  weight: z.number().int(),
  /** Number of shown agenda items the speaker appears in. */
  agendas_total: z.number().int(),
  deleted: z.union([z.literal(0), z.literal(1)]),
});
export type Speaker = z.infer<typeof Speaker>;

/** Allowed filters and sorts of GET /meeting/speakers. */
export const speakerQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    meeting_id: { type: 'id', ops: ['$eq'] },
    category_id: { type: 'id', ops: ['$eq', '$in'] },
    user_id: { type: 'id', ops: ['$eq'] },
  },
  sort: ['weight', 'name', 'created'],
  defaultSort: [
    { field: 'weight', direction: -1 },
    { field: 'name', direction: 1 },
  ],
} as const satisfies ResourceQuerySpec;

export const SpeakerListQuerystring = ListQuerystring.extend({
  /** Case-insensitive substring of the name, work title or company (≤ 100 characters). */
  keyword: z.string().max(textLimits.keyword).optional(),
});

export const listSpeakers = defineRoute({
  method: 'GET',
  path: '/meeting/speakers',
  summary: "List a meeting's speakers, heaviest first then by name; keyword searches name and work.",
  spec: '§2 /meeting/speaker/list',
  tags: ['speakers'],
  isPublic: false,
  querystring: SpeakerListQuerystring,
  response: resultsOf(Speaker),
});

export const countSpeakers = defineRoute({
  method: 'GET',
  path: '/meeting/speakers/count',
  summary: 'Count speakers matching the same filters as the list.',
  spec: '§2 /meeting/speaker/list',
  tags: ['speakers'],
  isPublic: false,
  querystring: SpeakerListQuerystring.omit({ sort: true, limit: true, skip: true }),
  response: CountResponse,
});

export const SpeakerDetail = Speaker.extend({ agendas: z.array(Agenda) });
export type SpeakerDetail = z.infer<typeof SpeakerDetail>;

export const getSpeaker = defineRoute({
  method: 'GET',
  path: '/meetings/:meeting_id/speakers/:speaker_id',
  summary: 'One speaker of a meeting with the agenda items they speak in.',
  spec: '§7 Meetings',
  tags: ['speakers'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, speaker_id: ObjectIdString }),
  response: SpeakerDetail,
});
