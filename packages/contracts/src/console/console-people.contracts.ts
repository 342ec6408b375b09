import { z } from 'zod';
import {
  MembershipLevel,
  PeopleFlagInput,
  PersonTags,
  peopleLimits,
} from '../participants/participants.contracts.ts';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Console: the people of a meeting (§3 Exposure setting, membership levels; §6 special identities).
 * Participants are the approved ticket holders together with everyone who has a meeting profile.
 * people.read lists and exports (contacts shown: organisers see them, §6); people.manage sets the
 * membership level, special identity and tags.
 */

const MeetingParams = z.object({ meeting_id: ObjectIdString });

export const ConsolePerson = z.object({
  user_id: WireId,
  username: z.string(),
  avatar: z.string(),
  /** E.164 or ''. */
  phone: z.string(),
  email: z.string(),
  work: z.object({ title: z.string(), company: z.string() }),
  /** 1 when the user holds an approved ticket in the meeting. */
  is_participant: Flag,
  exposure: Flag,
  card_exchange: Flag,
  special_identity: Flag,
  special_identity_label: z.string(),
  membership_level: MembershipLevel.nullable(),
  tags: z.array(z.string()),
  industry_id: WireId.nullable(),
  introduction: z.string(),
  /** When the user joined the meeting (first ticket or profile). */
  created: UnixSeconds,
});
export type ConsolePerson = z.infer<typeof ConsolePerson>;

export const ConsolePeopleQuerystring = z.object({
  /** Name, phone, e-mail or company contains it. */
  keyword: z.string().trim().max(textLimits.keyword).optional(),
  /** A level, or 'none'. */
  membership_level: z.union([MembershipLevel, z.literal('none')]).optional(),
  special_identity: z.enum(['0', '1']).optional(),
  exposure: z.enum(['0', '1']).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ConsolePeopleQuerystring = z.infer<typeof ConsolePeopleQuerystring>;

export const listConsolePeople = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/people',
  summary:
    'Participants of the meeting (approved ticket holders and everyone with a meeting profile), newest first, with contacts; filters keyword, membership_level, special_identity, exposure. 403 no_permission without people.read.',
  spec: '§3 Exposure setting, membership levels, §6, DESIGN §7',
  tags: ['console', 'people'],
  isPublic: false,
  params: MeetingParams,
  querystring: ConsolePeopleQuerystring,
  response: z.object({ items: z.array(ConsolePerson), total: z.number().int().nonnegative() }),
});

export const UpdateConsolePersonBody = z.strictObject({
  /** A level; null or 'none' (a form body cannot carry null) for none. */
  membership_level: z
    .union([MembershipLevel, z.literal('none').transform(() => null)])
    .nullable()
    .optional(),
  special_identity: PeopleFlagInput.optional(),
  special_identity_label: z.string().trim().max(peopleLimits.specialIdentityLabel).optional(),
  tags: PersonTags.optional(),
});

export const updateConsolePerson = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/people/:user_id',
  summary:
    'Set a participant’s membership level, special identity (and its label) and tags; one audit row. 403 no_permission without people.manage; 404 not_found for a user who is not a participant of the meeting.',
  spec: '§3 membership levels, §6 special identities, DESIGN §7',
  tags: ['console', 'people'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, user_id: ObjectIdString }),
  body: UpdateConsolePersonBody,
  response: ConsolePerson,
});

export const exportConsolePeople = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/people/export',
  summary:
    'The participants as CSV (text/csv, UTF-8 with BOM, CRLF): user id, name, phone, e-mail, job title, company, participant, exposure, card exchange, membership level, special identity, tags, joined (ISO 8601 UTC). Same filters as the list. 403 no_permission without people.read.',
  spec: '§3, §6, DESIGN §7',
  tags: ['console', 'people'],
  isPublic: false,
  params: MeetingParams,
  querystring: ConsolePeopleQuerystring.omit({ skip: true, limit: true }),
  response: z.string(),
});
