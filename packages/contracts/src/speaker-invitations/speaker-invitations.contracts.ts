import { z } from 'zod';
import { Speaker } from '../speakers/speakers.contracts.ts';
import { LocalizedText, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Speaker invitations (§2 /meeting/speaker/invite, §6 "Speaker: invited, accepts via invitation
 * page"): the organiser invites a speaker of the meeting by phone or e-mail; the link carries a
 * random token (43 base64url characters); the invited person logs in, accepts or declines; an
 * accepted speaker is linked to the account and edits their own bio, photo and title.
 */

export const SpeakerInvitationStatus = z.enum(['pending', 'accepted', 'declined', 'revoked']);
export type SpeakerInvitationStatus = z.infer<typeof SpeakerInvitationStatus>;

/** The link's token: 32 random bytes in base64url (43 characters). */
export const SpeakerInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** What the invitation page shows before and after answering. */
export const SpeakerInvitationView = z.object({
  meeting_id: WireId,
  meeting_title: LocalizedText,
  speaker: Speaker,
  status: SpeakerInvitationStatus,
  expires: UnixSeconds,
  /** 1 when the caller is the account this invitation linked (may edit the speaker profile). */
  is_linked_to_me: z.union([z.literal(0), z.literal(1)]),
});
export type SpeakerInvitationView = z.infer<typeof SpeakerInvitationView>;

const TokenParams = z.object({ token: SpeakerInvitationToken });
const IdParams = z.object({ id: ObjectIdString });

export const getSpeakerInvitation = defineRoute({
  method: 'GET',
  path: '/speaker/invitations/:token',
  summary:
    "The invitation of a link: speaker, meeting title, status. 404 not_found (unknown token); 410 speaker_invitation.expired ('The temporary link has expired': past its 14 days while pending, or revoked).",
  spec: '§2 /meeting/speaker/invite, §6, §8',
  tags: ['speaker-invitations'],
  // Not a §7 public call: a given token is read, so `is_linked_to_me` can answer; no login needed.
  isPublic: false,
  params: TokenParams,
  response: SpeakerInvitationView,
});

export const acceptSpeakerInvitation = defineRoute({
  method: 'POST',
  path: '/speaker/invitations/:token/accept',
  summary:
    "Accepts the invitation: the speaker is linked to the caller (speakers.user_id). Only the account of the invited phone or e-mail (verified) may answer. 401 login.required; 403 no_permission (the caller's phone and e-mail are not the invitation's); 404 not_found; 410 speaker_invitation.expired; 409 speaker_invitation.answered (already accepted or declined; the speaker is linked to someone else).",
  spec: '§2 /meeting/speaker/invite, §6',
  tags: ['speaker-invitations'],
  isPublic: false,
  params: TokenParams,
  response: SpeakerInvitationView,
});

export const declineSpeakerInvitation = defineRoute({
  method: 'POST',
  path: '/speaker/invitations/:token/decline',
  summary:
    'Declines the invitation (nothing is linked); only the account of the invited phone or e-mail. 401 login.required; 403 no_permission; 404 not_found; 410 speaker_invitation.expired; 409 speaker_invitation.answered.',
  spec: '§2 /meeting/speaker/invite, §6',
  tags: ['speaker-invitations'],
  isPublic: false,
  params: TokenParams,
  response: SpeakerInvitationView,
});

export const getMySpeakerInvitation = defineRoute({
  method: 'GET',
  path: '/user/speaker-invitations/:id',
  summary:
    "An invitation sent to the caller's phone or e-mail, by id (the notification centre's link carries no token). 401 login.required; 403 no_permission (sent to another phone or e-mail); 404 not_found; 410 speaker_invitation.expired.",
  spec: '§2 /meeting/speaker/invite, §6, §8',
  tags: ['speaker-invitations'],
  isPublic: false,
  params: IdParams,
  response: SpeakerInvitationView,
});

export const acceptMySpeakerInvitation = defineRoute({
  method: 'POST',
  path: '/user/speaker-invitations/:id/accept',
  summary:
    "Accepts an invitation sent to the caller's verified phone or e-mail, by id. 401 login.required; 403 no_permission (sent to another phone or e-mail); 404 not_found; 410 speaker_invitation.expired; 409 speaker_invitation.answered.",
  spec: '§2 /meeting/speaker/invite, §6',
  tags: ['speaker-invitations'],
  isPublic: false,
  params: IdParams,
  response: SpeakerInvitationView,
});

export const declineMySpeakerInvitation = defineRoute({
  method: 'POST',
  path: '/user/speaker-invitations/:id/decline',
  summary:
    "Declines an invitation sent to the caller's verified phone or e-mail, by id. 401 login.required; 403 no_permission; 404 not_found; 410 speaker_invitation.expired; 409 speaker_invitation.answered.",
  spec: '§2 /meeting/speaker/invite, §6',
  tags: ['speaker-invitations'],
  isPublic: false,
  params: IdParams,
  response: SpeakerInvitationView,
});

/** Body of PUT /meeting/speakers/{speaker_id}/profile: the fields a linked speaker edits. */
export const SpeakerProfileBody = z.strictObject({
  biography: z.string().trim().max(textLimits.freeText).optional(),
  work_title: z.string().trim().max(textLimits.title).optional(),
  company: z.string().trim().max(textLimits.title).optional(),
  /**
   * The caller's own jpg/png upload (/api/files/image/…), '' to remove it, or the current photo
   * unchanged (an organiser may have set an avatar or https one).
   */
  photo: z
    .string()
    .trim()
    .max(textLimits.url)
    .regex(/^(|\/api\/files\/(image|avatar)\/[^\s?#]+|https:\/\/[^\s]+)$/, 'photo must be an uploaded image')
    .optional(),
});
export type SpeakerProfileBody = z.infer<typeof SpeakerProfileBody>;

export const updateSpeakerProfile = defineRoute({
  method: 'PUT',
  path: '/meeting/speakers/:speaker_id/profile',
  summary:
    "The linked speaker edits their own bio, photo, title and company (beyond spec, §6 speaker accepts and edits). Texts replace the speaker's, in every language. 401 login.required; 403 no_permission (not the speaker's linked user); 404 not_found; 400 validation_failed (a photo that is not an uploaded image or https URL), validation_failed on body/photo (a new photo that is not the caller's own jpg or png upload), content.sensitive (§5, texts are moderated); 403 moderation.banned.",
  spec: '§6 Speaker',
  tags: ['speaker-invitations'],
  isPublic: false,
  params: z.object({ speaker_id: ObjectIdString }),
  body: SpeakerProfileBody,
  response: Speaker,
});
