import { z } from 'zod';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Friends (§1 "Build a contact network", §4 Connection application, §6 contacts for connected friends
 * only, special identities cannot exchange cards, §7 /user/friends and /user/friend/applications, §8
 * 'Invalid QR code information'). A connection is person-level: made in a meeting, valid everywhere.
 */

/** Where the viewer stands with a person: self, connected, submitted (I applied), received (they applied), none. */
export const ConnectionState = z.enum(['self', 'connected', 'submitted', 'received', 'none']);
export type ConnectionState = z.infer<typeof ConnectionState>;

/**
 * A person as the friends calls show them. `phone` (national number), `area_code` and `email` are ''
 * unless the viewer is that person or connected with them (§6).
 */
export const FriendPerson = z.object({
  _id: WireId,
  username: z.string(),
  avatar: z.string(),
  work: z.object({ title: z.string(), company: z.string() }),
  phone: z.string(),
  area_code: z.string(),
  email: z.string(),
  connection: ConnectionState,
});
export type FriendPerson = z.infer<typeof FriendPerson>;

/** One of my connections (§7 /user/friends). */
export const Friend = FriendPerson.extend({
  /** How we got connected: an accepted application or a scanned personal QR. */
  source: z.enum(['application', 'card']),
  /** Unix seconds when connected. */
  connected_at: UnixSeconds,
});
export type Friend = z.infer<typeof Friend>;

/** Stored states of an application (§4): submitted (pending), cancelled, ignored, accepted. */
export const FriendApplicationStatus = z.enum(['submitted', 'cancelled', 'ignored', 'accepted']);
export type FriendApplicationStatus = z.infer<typeof FriendApplicationStatus>;

/** A friend application as its applicant or target sees it. */
export const FriendApplication = z.object({
  _id: WireId,
  meeting_id: WireId,
  applicant: FriendPerson,
  target: FriendPerson,
  /** Optional note of the applicant (≤ 200 characters). */
  message: z.string(),
  status: FriendApplicationStatus,
  created: UnixSeconds,
  responded_at: UnixSeconds.nullable(),
});
export type FriendApplication = z.infer<typeof FriendApplication>;

const Skip = z.coerce.number().int().min(0).max(1_000_000).optional();
const Limit = z.coerce.number().int().min(1).max(100).optional();

export const FriendListQuerystring = z.object({
  /** Matches username, company or title (case-insensitive, ≤ 64 characters). */
  keyword: z.string().trim().max(64).optional(),
  skip: Skip,
  limit: Limit,
});
export type FriendListQuerystring = z.infer<typeof FriendListQuerystring>;

export const listFriends = defineRoute({
  method: 'GET',
  path: '/user/friends',
  summary:
    'My connections with their contacts (§6), newest first; `keyword` searches name, company and title. 401 login.required.',
  spec: '§7 Users (/user/friends), §6',
  tags: ['friends'],
  isPublic: false,
  querystring: FriendListQuerystring,
  response: z.object({ results: z.array(Friend), total: z.number().int().nonnegative() }),
});

export const removeFriend = defineRoute({
  method: 'DELETE',
  path: '/user/friends/:user_id',
  summary: 'Ends a connection in both directions (contacts hide at once). 404 not_found when not connected.',
  spec: '§7 Users (/user/friends)',
  tags: ['friends'],
  isPublic: false,
  params: z.object({ user_id: ObjectIdString }),
  response: z.object({ ok: z.literal(1) }),
});

/** My personal QR (card exchange): the signed `card` token and the public link the QR encodes. */
export const FriendCard = z.object({
  meeting_id: WireId,
  /** `<userId>.<signature>`, bound to the session meeting. */
  card: z.string(),
  /** App path with query, e.g. '/#/meeting/connection/card?meeting_id=…&card=…'. */
  link: z.string(),
  /** 1 when I may exchange cards in this meeting (card exchange on, no special identity). */
  can_exchange: Flag,
});
export type FriendCard = z.infer<typeof FriendCard>;

export const getFriendCard = defineRoute({
  method: 'GET',
  path: '/user/friends/card',
  summary:
    "The caller's personal QR payload for the session meeting (card exchange, §1). 401 login.required.",
  spec: '§1, §6',
  tags: ['friends'],
  isPublic: false,
  response: FriendCard,
});

export const renewFriendCard = defineRoute({
  method: 'POST',
  path: '/user/friends/card',
  summary:
    "Renews the caller's personal QR for the session meeting: every earlier card (shown or printed) stops working and answers 400 card.invalid when scanned (§8). Answers the new card. 401 login.required.",
  spec: '§1, §6, §8',
  tags: ['friends'],
  isPublic: false,
  response: FriendCard,
});

/** A scanned card token (≤ 200 characters). */
export const ExchangeCardBody = z.strictObject({ card: z.string().trim().min(1).max(200) });
export type ExchangeCardBody = z.infer<typeof ExchangeCardBody>;

export const exchangeCard = defineRoute({
  method: 'POST',
  path: '/user/friends',
  summary:
    "Card exchange: connects the caller and the card's owner at once. Already connected answers the connection (created 0). 400 card.invalid ('Invalid QR code information': forged or another meeting's card) / friend.self; 403 card.special_identity (either side, §6) / card.exchange_disabled (the owner turned it off: apply instead).",
  spec: '§1, §6, §8',
  tags: ['friends'],
  isPublic: false,
  body: ExchangeCardBody,
  response: z.object({ friend: FriendPerson, created: Flag }),
});

export const FriendApplicationQuerystring = z.object({
  /** received (default): applications to me; sent: mine. */
  box: z.enum(['received', 'sent']).optional(),
  status: FriendApplicationStatus.optional(),
  skip: Skip,
  limit: Limit,
});
export type FriendApplicationQuerystring = z.infer<typeof FriendApplicationQuerystring>;

export const listFriendApplications = defineRoute({
  method: 'GET',
  path: '/user/friend/applications',
  summary: 'Friend applications received by or sent by the caller, newest first, with their states (§4).',
  spec: '§7 Users (/user/friend/applications), §4',
  tags: ['friends'],
  isPublic: false,
  querystring: FriendApplicationQuerystring,
  response: z.object({ results: z.array(FriendApplication), total: z.number().int().nonnegative() }),
});

export const ApplyFriendBody = z.strictObject({
  user_id: ObjectIdString,
  /** Optional note, ≤ 200 characters. */
  message: z.string().trim().max(200).optional(),
  /**
   * The target's scanned personal QR card when applying after a card exchange they turned off: it
   * proves the two met, so a hidden target (exposure 0) may still be applied to.
   */
  card: z.string().trim().max(200).optional(),
});
export type ApplyFriendBody = z.infer<typeof ApplyFriendBody>;

export const applyFriend = defineRoute({
  method: 'POST',
  path: '/user/friend/applications',
  summary:
    'Applies to connect (§4). When the target already applied to the caller, both are connected at once (connected 1). 400 friend.self; 404 not_found (unknown, or hidden in the session meeting without a link to the caller); 409 friend.already (connected, or already pending).',
  spec: '§7 Users (/user/friend/applications), §4',
  tags: ['friends'],
  isPublic: false,
  body: ApplyFriendBody,
  response: z.object({ application: FriendApplication, connected: Flag }),
});

export const AnswerFriendApplicationBody = z.strictObject({
  action: z.enum(['accept', 'ignore', 'cancel']),
});
export type AnswerFriendApplicationBody = z.infer<typeof AnswerFriendApplicationBody>;

export const answerFriendApplication = defineRoute({
  method: 'PUT',
  path: '/user/friend/applications/:id',
  summary:
    'The target accepts (→ connected) or ignores; the applicant cancels (§4). 404 not_found (not yours); 409 friend.already when no longer pending.',
  spec: '§7 Users (/user/friend/applications), §4',
  tags: ['friends'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: AnswerFriendApplicationBody,
  response: FriendApplication,
});

export const exportFriendsVcard = defineRoute({
  method: 'GET',
  path: '/user/friends.vcf',
  summary: "All of the caller's connections as vCard 4.0 (text/vcard), for /my/contact export.",
  spec: '§2 /my/contact',
  tags: ['friends'],
  isPublic: false,
  response: z.string(),
});
