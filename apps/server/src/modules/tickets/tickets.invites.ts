import { hkdfSync } from 'node:crypto';
import {
  type ActivityInvite,
  type AddActivityInviteBody,
  type InvitationLink,
  toWireId,
} from '@app/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix } from '../../db/wire.ts';
import { notFound } from '../../errors.ts';
import { addressFromInput, type RolesDeps } from '../roles/roles.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { invitationExpired, invitationInvalid } from './tickets.errors.ts';
import {
  type ActivityRow,
  deleteInvite,
  findActivity,
  findInvites,
  type InviteRow,
  insertInviteIfAbsent,
} from './tickets.repository.ts';
import { requireStaff } from './tickets.staff.ts';

/**
 * Invitations to private activities (§6 'Private events … need registration or permission'). A
 * caller may register for a private activity when either
 * - they came through an invitation link: `?invite=<code>`, the code a JWS (HS256) signed with a key
 *   derived from AUTH_SECRET, naming the activity (`act`) and, optionally, an expiry (`exp`); the web
 *   app sends it as `invite` in the POST /tickets body; or
 * - their account's phone or e-mail is on the activity's invite list (activity_invites), looked up
 *   in the registration's own transaction (tickets.registration.ts).
 * Organisers of the meeting (meeting_staff role 'organiser', like the review of registrations) keep
 * the list and mint links.
 */

const audience = 'activity-invite';
const tokenType = 'invite+jwt';

/** The HS256 key of invitation codes: HKDF-SHA256 of AUTH_SECRET, apart from every other use of it. */
function invitationKey(authSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', authSecret, 'activities', 'invitation-v1', 32));
}

/**
 * Signs an invitation code for an activity.
 * @param input.expiresAt unix seconds, or null for a code that does not expire
 * @returns a compact JWS (about 180 characters, URL-safe)
 */
export async function signInvitation(
  authSecret: string,
  input: { activityId: string; expiresAt: number | null },
): Promise<string> {
  const jwt = new SignJWT({ act: input.activityId })
    .setProtectedHeader({ alg: 'HS256', typ: tokenType })
    .setAudience(audience);
  if (input.expiresAt !== null) jwt.setExpirationTime(input.expiresAt);
  return jwt.sign(invitationKey(authSecret));
}

/**
 * Checks an invitation code against the activity being registered for: our signature (HS256 only),
 * type and audience, the same activity, not expired.
 * @throws 403 activity.invitation_invalid — 'The temporary link has expired' when expired, the
 *   no-permission message when forged, altered, malformed or for another activity
 */
export async function verifyInvitation(authSecret: string, code: string, activityId: string): Promise<void> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(code, invitationKey(authSecret), {
      algorithms: ['HS256'],
      audience,
      typ: tokenType,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw invitationExpired();
    throw invitationInvalid();
  }
  if (payload.act !== activityId) throw invitationInvalid();
}

/** The activity an organiser of the session's meeting manages. @throws 403 no_permission, 404 not_found. */
async function organisersActivity(
  deps: RolesDeps,
  input: { userId: string; meetingId: string | null; activityId: string },
): Promise<ActivityRow> {
  await requireStaff(deps, input.userId, input.meetingId, 'activity.edit');
  const activity = await findActivity(deps.db, input.activityId);
  if (!activity || activity.deleted === 1 || activity.meetingId !== input.meetingId)
    throw notFound('activity');
  return activity;
}

function toWireInvite(row: InviteRow): ActivityInvite {
  return {
    _id: toWireId(row.id),
    activity_id: toWireId(row.activityId),
    phone: row.phone,
    email: row.email,
    created: unix(row.createdAt),
  };
}

type OrganiserInput = { userId: string; meetingId: string | null; activityId: string };

/**
 * GET /activities/{id}/invites: the invite list, newest first.
 * @throws 403 no_permission (not an organiser of the session's meeting), 404 not_found
 */
export async function listInvites(deps: RolesDeps, input: OrganiserInput): Promise<ActivityInvite[]> {
  const activity = await organisersActivity(deps, input);
  return (await findInvites(deps.db, activity.id)).map(toWireInvite);
}

/**
 * POST /activities/{id}/invites: puts a phone (E.164, from `phone` + `area_code`, default 86) or an
 * e-mail (lower-cased) on the invite list; an address already there answers its entry.
 * @throws 400 phone.invalid / email.invalid / validation_failed (neither given), 403 no_permission,
 *   404 not_found
 */
export async function addInvite(
  deps: RolesDeps,
  input: OrganiserInput & { body: AddActivityInviteBody },
): Promise<ActivityInvite> {
  const activity = await organisersActivity(deps, input);
  const { phone, email } = addressFromInput(input.body);
  const row = await insertInviteIfAbsent(deps.db, {
    id: newId(),
    activityId: activity.id,
    phone,
    email,
    createdBy: input.userId,
  });
  return toWireInvite(row);
}

/**
 * DELETE /activities/{id}/invites/{invite_id}: takes an entry off the list (idempotent); tickets
 * already registered stay.
 * @throws 403 no_permission, 404 not_found (activity)
 */
export async function removeInvite(
  deps: RolesDeps,
  input: OrganiserInput & { inviteId: string },
): Promise<{ ok: 1 }> {
  const activity = await organisersActivity(deps, input);
  await deleteInvite(deps.db, activity.id, input.inviteId);
  return { ok: 1 };
}

/**
 * POST /activities/{id}/invitation_links: a signed invitation code and its link on PUBLIC_URL
 * (`/#/meeting/activity/detail?activity_id=…&meeting_id=…&invite=<code>`, publicLink — never the
 * request's Host).
 * @param input.expiresInSeconds lifetime from now; undefined: the code does not expire
 * @returns `{ code, url, expires }`, expires in unix seconds (0 = never)
 * @throws 403 no_permission, 404 not_found
 */
export async function mintInvitationLink(
  deps: {
    db: Database;
    config: Pick<Config, 'AUTH_SECRET' | 'PUBLIC_URL' | 'ADMIN_PHONES' | 'ADMIN_EMAILS'>;
  },
  input: OrganiserInput & { expiresInSeconds?: number | undefined; now?: number },
): Promise<InvitationLink> {
  const activity = await organisersActivity(deps, input);
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const expiresAt = input.expiresInSeconds ? now + input.expiresInSeconds : null;
  const code = await signInvitation(deps.config.AUTH_SECRET, { activityId: activity.id, expiresAt });
  const url = publicLink(deps.config, '/#/meeting/activity/detail', {
    activity_id: activity.id,
    meeting_id: activity.meetingId,
    invite: code,
  });
  return { code, url, expires: expiresAt ?? 0 };
}
