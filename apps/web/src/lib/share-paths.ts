import {
  type ShareCardSize,
  type ShareLinkInput,
  type ShareType,
  shareCardPath,
  shareLandingPath,
  sharePagePath,
} from '@app/contracts/share/share-links.ts';

/**
 * Share links of every §2 type ("live, news, activity, invitation, vote, candidate, demand, product,
 * enterprise, speaker, speaker list, agenda, agenda details, introduction, home and user, each with
 * the query parameters named above plus meeting_id"), built from the one table in
 * `@app/contracts/share/share-links.ts` that the server's share page reads too. The share URL is the
 * server-rendered page (`/s/<type>?…`): chat apps and crawlers read its Open Graph card, people go on
 * to the hash route.
 */
export type { ShareLinkInput, ShareType };

/** The site's origin and path prefix, where `/s/…` and `/api/…` live (the page's own, §7). */
function siteBase(): string {
  if (typeof location === 'undefined') return '';
  return `${location.origin}${location.pathname.replace(/\/[^/]*$/, '')}`;
}

export const sharePaths = {
  /** The absolute share URL to hand out: `https://…/s/activity?activity_id=…&meeting_id=…`. */
  url: (input: ShareLinkInput): string => `${siteBase()}${sharePagePath(input)}`,
  /** The absolute URL of the hash route itself (what people land on). */
  landing: (input: ShareLinkInput): string => `${siteBase()}${shareLandingPath(input)}`,
  /** The share card image (1200×630, or the 120×120 thumbnail), absolute. */
  card: (input: ShareLinkInput & { size?: ShareCardSize }): string => `${siteBase()}${shareCardPath(input)}`,
} as const;
