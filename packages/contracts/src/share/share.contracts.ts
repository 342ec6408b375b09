import { z } from 'zod';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { shareTypes } from './share-links.ts';

export const ShareTypeParam = z.enum(shareTypes as [string, ...string[]]);

/**
 * Querystring of a share card: the item (types with one; ignored otherwise), the meeting, the
 * language (one of the meeting's, else English, else its first, §3) and the size.
 */
export const ShareCardQuerystring = z.object({
  id: z.string().max(textLimits.id).optional(),
  meeting_id: ObjectIdString,
  lang: z.string().max(textLimits.languageCode).optional(),
  size: z.enum(['card', 'thumb']).optional(),
});
export type ShareCardQuerystring = z.infer<typeof ShareCardQuerystring>;

export const getShareCard = defineRoute({
  method: 'GET',
  path: '/share/:type/card.png',
  summary:
    "The share card of a §2 share link as a PNG (public, no Apikey, so chat apps and `<img>` load it): 1200×630 for Open Graph, or the 120×120 share thumbnail (`size=thumb`, §9). Shows the item's title, cover and the meeting's name and theme colour with a QR code of the share link; types whose item does not exist (yet) show the meeting's card. Rendered once per content (storage, keyed by a content hash) and served with an ETag; `X-Share-Card-Cache: hit|miss`. 404 not_found for an unknown meeting.",
  spec: '§2 share links, §9 share image size',
  tags: ['share'],
  isPublic: true,
  params: z.object({ type: ShareTypeParam }),
  querystring: ShareCardQuerystring,
  response: z.unknown(),
});

export const ShortLinkQuerystring = z.object({
  /** An absolute URL of this site (its hash routes) or of an allowed web-view domain, or a path. */
  target: z.string().min(1).max(textLimits.url),
});

export const ShortLink = z.object({
  /** 10 characters of [A-Za-z0-9_-]. */
  hash: z.string(),
  /** The short link to hand out: `<public origin>/#/etc/redirect?hash=…`. */
  url: z.string(),
  /** The stored, normalised target. */
  target: z.string(),
});
export type ShortLink = z.infer<typeof ShortLink>;

export const createShortLink = defineRoute({
  method: 'GET',
  path: '/short_links',
  summary:
    "The short-link hash of a target (§7 Static: 'a short-link hash endpoint with a target param'): the same target always gets the same hash. Only this site's own addresses and the allowed web-view domains are accepted (400 short_link.target_not_allowed otherwise: other hosts, `//host`, `/\\\\host`, `javascript:` …), so a short link can never be an open redirect. Rate limited per address (429 too_frequent).",
  spec: '§7 Static, §2 /etc/redirect',
  tags: ['share'],
  isPublic: true,
  querystring: ShortLinkQuerystring,
  response: ShortLink,
});

export const resolveShortLink = defineRoute({
  method: 'GET',
  path: '/short_links/:hash',
  summary:
    'Follows a short link (public, no Apikey): 302 to its stored target when that target is still allowed; 404 not_found for an unknown hash or a target no longer allowed — never a redirect elsewhere.',
  spec: '§2 /etc/redirect',
  tags: ['share'],
  isPublic: true,
  params: z.object({ hash: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/) }),
  response: z.unknown(),
});
