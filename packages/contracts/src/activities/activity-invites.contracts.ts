import { z } from 'zod';
import { resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Invitations to private activities (§6 'Private events … need registration or permission'): the
 * organiser keeps an invite list of phones and e-mails, and mints signed invitation links. Only
 * organisers of the session's meeting call these (403 no_permission otherwise).
 */

/** One entry of an activity's invite list: a phone (E.164) or an e-mail (lower-cased). */
export const ActivityInvite = z.object({
  _id: WireId,
  activity_id: WireId,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created: UnixSeconds,
});
export type ActivityInvite = z.infer<typeof ActivityInvite>;

/** Body of POST /activities/{id}/invites: a phone (with its area code, default 86) or an e-mail. */
export const AddActivityInviteBody = z.strictObject({
  phone: z.string().trim().max(textLimits.phone).optional(),
  area_code: z.string().trim().max(textLimits.areaCode).optional(),
  email: z.string().trim().max(textLimits.email).optional(),
});
export type AddActivityInviteBody = z.infer<typeof AddActivityInviteBody>;

/** Body of POST /activities/{id}/invitation_links: how long the link stays valid (seconds; none: no expiry). */
export const CreateInvitationLinkBody = z
  .strictObject({
    expires_in: z.coerce
      .number()
      .int()
      .min(60)
      .max(366 * 24 * 60 * 60)
      .optional(),
  })
  .optional();
export type CreateInvitationLinkBody = z.infer<typeof CreateInvitationLinkBody>;

/** A minted invitation: the signed code, the link that carries it (`?invite=<code>`) and its expiry. */
export const InvitationLink = z.object({
  code: z.string(),
  url: z.string(),
  /** Unix seconds; 0 = no expiry. */
  expires: UnixSeconds,
});
export type InvitationLink = z.infer<typeof InvitationLink>;

const ActivityIdParams = z.object({ id: ObjectIdString });

export const listActivityInvites = defineRoute({
  method: 'GET',
  path: '/activities/:id/invites',
  summary:
    "A private activity's invite list, newest first (organisers of the session's meeting). 403 no_permission; 404 not_found.",
  spec: '§6 Organiser, private events',
  tags: ['activities'],
  isPublic: false,
  params: ActivityIdParams,
  response: resultsOf(ActivityInvite),
});

export const addActivityInvite = defineRoute({
  method: 'POST',
  path: '/activities/:id/invites',
  summary:
    'Puts a phone or an e-mail on the invite list (idempotent: an address already there answers its entry). 400 phone.invalid / email.invalid / validation_failed (neither given); 403 no_permission; 404 not_found.',
  spec: '§6 Organiser, private events, §5',
  tags: ['activities'],
  isPublic: false,
  params: ActivityIdParams,
  body: AddActivityInviteBody,
  response: ActivityInvite,
});

export const removeActivityInvite = defineRoute({
  method: 'DELETE',
  path: '/activities/:id/invites/:invite_id',
  summary:
    'Takes an entry off the invite list (idempotent). Tickets already registered stay. 403 no_permission; 404 not_found (activity).',
  spec: '§6 Organiser, private events',
  tags: ['activities'],
  isPublic: false,
  params: z.object({ id: ObjectIdString, invite_id: ObjectIdString }),
  response: z.object({ ok: z.literal(1) }),
});

export const createInvitationLink = defineRoute({
  method: 'POST',
  path: '/activities/:id/invitation_links',
  summary:
    "Mints an invitation link to the activity: a code signed with the server's secret naming the activity (and the expiry, if asked), on PUBLIC_URL. Whoever opens it may register. 403 no_permission; 404 not_found.",
  spec: '§6 Organiser, private events',
  tags: ['activities'],
  isPublic: false,
  params: ActivityIdParams,
  body: CreateInvitationLinkBody,
  response: InvitationLink,
});
