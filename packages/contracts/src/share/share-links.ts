/**
 * The share links of §2 ("Share links exist for live, news, activity, invitation, vote, candidate,
 * demand, product, enterprise, speaker, speaker list, agenda, agenda details, introduction, home and
 * user, each with the query parameters named above plus meeting_id"): for each type, the hash route
 * people land on and the query parameter naming its item. The web's share helper and the server's
 * share page (`GET /s/<type>`) both read this table, so the two never disagree.
 */
export const shareTargets = {
  live: { route: '/meeting/live/detail', idParam: 'live_id' },
  news: { route: '/meeting/news/detail', idParam: 'news_id' },
  activity: { route: '/meeting/activity/detail', idParam: 'activity_id' },
  invitation: { route: '/meeting/invitation', idParam: 'enterprise_id' },
  vote: { route: '/activity/vote', idParam: 'vote_id' },
  candidate: { route: '/activity/vote/candidate', idParam: 'player_id' },
  demand: { route: '/demand/detail', idParam: 'demand_id' },
  product: { route: '/meeting/product', idParam: 'product_id' },
  enterprise: { route: '/meeting/enterprise', idParam: 'enterprise_id' },
  speaker: { route: '/meeting/speaker', idParam: 'speaker_id' },
  speaker_list: { route: '/meeting/speaker/list', idParam: null },
  /** The agenda, optionally highlighting one session. */
  agenda: { route: '/agenda', idParam: 'agenda_id' },
  agenda_details: { route: '/meeting/agenda/details', idParam: 'agenda_id' },
  introduction: { route: '/meeting/introduction', idParam: 'content_id' },
  home: { route: '/meeting/home', idParam: null },
  user: { route: '/meeting/user', idParam: 'user_id' },
} as const satisfies Record<string, { route: string; idParam: string | null }>;

export type ShareType = keyof typeof shareTargets;
export const shareTypes = Object.keys(shareTargets) as ShareType[];

/** True for a share type name. */
export function isShareType(value: unknown): value is ShareType {
  return typeof value === 'string' && Object.hasOwn(shareTargets, value);
}

/** What a share link names: its type, the meeting, the item (types that have one), the language. */
export type ShareLinkInput = {
  type: ShareType;
  meetingId: string;
  /** The item's id; ignored by types without an item (home, speaker list). */
  id?: string | undefined;
  /** Language of the card and of the page opened (§2: query lang sets the language). */
  lang?: string | undefined;
  /** Extra query values the landing page reads (e.g. `invited_by` on an invitation). */
  extra?: Record<string, string | undefined>;
};

function shareQuery(input: ShareLinkInput): URLSearchParams {
  const target = shareTargets[input.type];
  const query = new URLSearchParams();
  if (target.idParam && input.id) query.set(target.idParam, input.id);
  query.set('meeting_id', input.meetingId);
  if (input.lang) query.set('lang', input.lang);
  for (const [key, value] of Object.entries(input.extra ?? {})) if (value) query.set(key, value);
  return query;
}

/**
 * The share page's path (server-rendered Open Graph tags, then the hash route): `/s/<type>?<id
 * param>=…&meeting_id=…[&lang=…]`. Prefix it with the public origin for a link that leaves the app.
 */
export function sharePagePath(input: ShareLinkInput): string {
  return `/s/${input.type}?${shareQuery(input).toString()}`;
}

/** The hash route people land on: `/#/meeting/enterprise?enterprise_id=…&meeting_id=…`. */
export function shareLandingPath(input: ShareLinkInput): string {
  return `/#${shareTargets[input.type].route}?${shareQuery(input).toString()}`;
}

/** Share card sizes (§9 share image size 120): the Open Graph card and the square thumbnail. */
export const shareCardSizes = {
  card: { width: 1200, height: 630 },
  thumb: { width: 120, height: 120 },
} as const;
export type ShareCardSize = keyof typeof shareCardSizes;

/** Path of a share card image (`/api/share/<type>/card.png?id=…&meeting_id=…`), public, no Apikey. */
export function shareCardPath(input: ShareLinkInput & { size?: ShareCardSize }): string {
  const query = new URLSearchParams();
  if (shareTargets[input.type].idParam && input.id) query.set('id', input.id);
  query.set('meeting_id', input.meetingId);
  if (input.lang) query.set('lang', input.lang);
  if (input.size && input.size !== 'card') query.set('size', input.size);
  return `/api/share/${input.type}/card.png?${query.toString()}`;
}

/**
 * The query parameter that carries invitation attribution (§7 POST /enterprises/{id}/invites): the
 * invitation poster's QR code opens the enterprise page with `invited_by=<enterprise id>`; the page
 * records the visit and keeps the value on the device, and a registration made after it is counted
 * for that enterprise.
 */
export const invitationAttributionParam = 'invited_by';
