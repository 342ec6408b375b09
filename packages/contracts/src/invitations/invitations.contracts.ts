import { z } from 'zod';
import { IdParams } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Querystring of the invitation poster: the exhibiting enterprise, the poster's language (one of the
 * meeting's languages; else English, else its first) and `download=1` for a download instead of an
 * inline image.
 */
export const InvitationPosterQuerystring = z.object({
  enterprise_id: ObjectIdString,
  lang: z.string().max(textLimits.languageCode).optional(),
  download: z.enum(['0', '1']).optional(),
});
export type InvitationPosterQuerystring = z.infer<typeof InvitationPosterQuerystring>;

/** Width and height of the poster in pixels (a phone screen at 2×). */
export const invitationPosterSize = { width: 750, height: 1334 } as const;

/** Path of the poster of an enterprise at a meeting, as an `<img src>` or download link uses it. */
export function invitationPosterPath(
  meetingId: string,
  enterpriseId: string,
  options: { lang?: string; download?: boolean } = {},
): string {
  const query = new URLSearchParams({ enterprise_id: enterpriseId });
  if (options.lang) query.set('lang', options.lang);
  if (options.download) query.set('download', '1');
  return `/api/meetings/${meetingId}/invitation.png?${query.toString()}`;
}

export const getInvitationPoster = defineRoute({
  method: 'GET',
  path: '/meetings/:id/invitation.png',
  summary:
    "The meeting invitation poster of an exhibiting enterprise (public, no Apikey, so `<img>` and download links work): a 750×1334 PNG with the meeting's invitation cover (or cover, or theme colour), title and dates, the enterprise's logo, name and booth, and a QR code of its share link. Rendered once per content and cached; `download=1` answers as an attachment. 404 not_found for an unknown meeting or an enterprise not exhibiting there.",
  spec: '§2 /meeting/invitation, §3 Enterprise',
  tags: ['exhibitors'],
  isPublic: true,
  params: IdParams,
  querystring: InvitationPosterQuerystring,
  response: z.unknown(),
});
