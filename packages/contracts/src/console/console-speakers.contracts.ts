import { z } from 'zod';
import { SpeakerInvitationStatus } from '../speaker-invitations/speaker-invitations.contracts.ts';
import { UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Console: speaker invitations of a meeting (§2 /meeting/speaker/invite, §6 speakers invited;
 * programme.edit: owner, organiser, editor). A new invitation (or a resend) sends the link by SMS or
 * e-mail and expires in 14 days; a revoked link answers 410 at once.
 */

const MeetingParams = z.object({ meeting_id: ObjectIdString });

/** One invitation row of the console table (the contact is shown to organisers, §6). */
export const ConsoleSpeakerInvitation = z.object({
  _id: WireId,
  speaker_id: WireId,
  speaker_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** 'expired' when still pending past `expires`. */
  status: z.union([SpeakerInvitationStatus, z.literal('expired')]),
  responded_user_id: WireId.nullable(),
  responded_username: z.string().nullable(),
  responded: UnixSeconds.nullable(),
  expires: UnixSeconds,
  created: UnixSeconds,
});
export type ConsoleSpeakerInvitation = z.infer<typeof ConsoleSpeakerInvitation>;

/** Answer of create and resend: the row, and the link once (the token is stored only as a hash). */
export const CreatedSpeakerInvitation = ConsoleSpeakerInvitation.extend({ link: z.string() });
export type CreatedSpeakerInvitation = z.infer<typeof CreatedSpeakerInvitation>;

/** Body of POST …/speakers/{speaker_id}/invitations: exactly one of phone (with area_code) or e-mail. */
export const CreateSpeakerInvitationBody = z.strictObject({
  phone: z.string().trim().max(textLimits.phone).optional(),
  area_code: z.string().trim().max(textLimits.areaCode).optional(),
  email: z.string().trim().max(textLimits.email).optional(),
  /** UI language of the message, one of the twenty (400 validation_failed otherwise); default: the meeting's first enabled language. */
  lang: z.string().trim().max(textLimits.languageCode).optional(),
});
export type CreateSpeakerInvitationBody = z.infer<typeof CreateSpeakerInvitationBody>;

export const ConsoleSpeakerInvitationQuerystring = z.object({
  speaker_id: ObjectIdString.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type ConsoleSpeakerInvitationQuerystring = z.infer<typeof ConsoleSpeakerInvitationQuerystring>;

export const listConsoleSpeakerInvitations = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/speaker-invitations',
  summary: 'Speaker invitations of the meeting, newest first. 403 no_permission without programme.edit.',
  spec: '§2 /meeting/speaker/invite, §6, DESIGN §7',
  tags: ['console', 'speaker-invitations'],
  isPublic: false,
  params: MeetingParams,
  querystring: ConsoleSpeakerInvitationQuerystring,
  response: z.object({ items: z.array(ConsoleSpeakerInvitation), total: z.number().int().nonnegative() }),
});

export const createConsoleSpeakerInvitation = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/speakers/:speaker_id/invitations',
  summary:
    'Invites a speaker of the meeting by phone or e-mail: sends the link (valid 14 days). 403 no_permission; 404 not_found (speaker); 400 phone.invalid / email.invalid / validation_failed (neither or both given); 409 speaker_invitation.answered (the speaker is already linked to an account).',
  spec: '§2 /meeting/speaker/invite, §6',
  tags: ['console', 'speaker-invitations'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, speaker_id: ObjectIdString }),
  body: CreateSpeakerInvitationBody,
  response: CreatedSpeakerInvitation,
});

export const revokeConsoleSpeakerInvitation = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/speaker-invitations/:id',
  summary:
    'Revokes a pending invitation: its link answers 410 from now on. 403 no_permission; 404 not_found; 409 speaker_invitation.answered (already answered).',
  spec: '§2 /meeting/speaker/invite, §8',
  tags: ['console', 'speaker-invitations'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, id: ObjectIdString }),
  response: ConsoleSpeakerInvitation,
});

export const resendConsoleSpeakerInvitation = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/speaker-invitations/:id/resend',
  summary:
    'Sends a pending (or expired) invitation again: a new invitation (new id, new link, 14 days) replaces it, and the old one is revoked, so its link answers 410 speaker_invitation.expired. `lang` one of the twenty languages. 403 no_permission; 400 validation_failed (lang); 404 not_found; 409 speaker_invitation.answered.',
  spec: '§2 /meeting/speaker/invite',
  tags: ['console', 'speaker-invitations'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString, id: ObjectIdString }),
  body: z.strictObject({ lang: z.string().trim().max(textLimits.languageCode).optional() }).optional(),
  response: CreatedSpeakerInvitation,
});
