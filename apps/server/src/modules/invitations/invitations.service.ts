import { createHash } from 'node:crypto';
import { invitationAttributionParam, UploadBucket } from '@app/contracts';
import { enabledLanguages, type Language, localize, resolveLanguage } from '@app/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { readAll, type Storage, type StoredObject } from '../../providers/storage/storage.ts';
import { isUploadKey, originalStorageKey } from '../media/media.keys.ts';
import { publicBase, publicLink } from '../shared/public-links.ts';
import { renderPoster } from './invitations.poster.ts';
import { findPosterExhibitor, findPosterMeeting } from './invitations.repository.ts';

export type InvitationDeps = { db: Database; config: Pick<Config, 'PUBLIC_URL'>; storage: Storage };

/** Bumped when the poster's layout changes, so cached posters of the old layout are not served. */
const posterLayoutVersion = 1;

/** Rendered posters live apart from uploads: `_invitations/<meeting>/<enterprise>/<hash>.png`. */
export function posterStorageKey(meetingId: string, enterpriseId: string, contentHash: string): string {
  return `_invitations/${meetingId}/${enterpriseId}/${contentHash}.png`;
}

/**
 * The share link of an enterprise page (§2 share links): `${PUBLIC_URL}/#/meeting/enterprise?
 * enterprise_id=…&meeting_id=…&invited_by=…` (publicLink), what the poster's QR code opens.
 * `invited_by` (invitationAttributionParam) tells the page the visitor came through this
 * enterprise's invitation, which records it (§7 POST /enterprises/{id}/invites).
 */
export function enterpriseShareUrl(
  config: Pick<Config, 'PUBLIC_URL'>,
  meetingId: string,
  enterpriseId: string,
): string {
  return publicLink(config, '/#/meeting/enterprise', {
    enterprise_id: enterpriseId,
    meeting_id: meetingId,
    [invitationAttributionParam]: enterpriseId,
  });
}

/**
 * The bytes of an image URL that points into our own storage (`/api/files/<bucket>/<key>`, with or
 * without PUBLIC_URL in front, any resize suffix ignored); null for anything else. Other hosts are
 * never fetched: a poster request must not make the server call arbitrary URLs.
 */
export async function loadStoredImage(
  deps: Pick<InvitationDeps, 'storage' | 'config'>,
  url: string,
): Promise<Buffer | null> {
  if (!url) return null;
  const origin = publicBase(deps.config);
  const path = (url.startsWith(origin) ? url.slice(origin.length) : url).split('?')[0] as string;
  const match = /^\/api\/files\/([a-z]+)\/(.+)$/.exec(path);
  if (!match) return null;
  const bucket = UploadBucket.safeParse(match[1]);
  let key: string;
  try {
    key = (match[2] as string).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  if (!bucket.success || !isUploadKey(key)) return null;
  const object = await deps.storage.get(originalStorageKey(bucket.data, key));
  if (!object) return null;
  if (!object.mime.startsWith('image/')) {
    object.body.destroy();
    return null;
  }
  return readAll(object.body);
}

/** `21–25 Aug 2019` in the language's own form, in the meeting's time zone. */
export function formatMeetingDates(start: Date, end: Date, language: Language, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).formatRange(start, end);
  } catch {
    // An unknown time zone in old data: UTC rather than no poster.
    return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).formatRange(start, end);
  }
}

/**
 * The poster's date line: the first and last programme days when the meeting has an imported
 * schedule (its calendar dates, as the home page shows them — a last session running past midnight
 * does not add a day), else the meeting's start and end in its time zone.
 */
export function posterDateLine(
  meeting: { start: Date; end: Date; timeZone: string; schedule: { days: { date: string }[] } | null },
  language: Language,
): string {
  const days = meeting.schedule?.days ?? [];
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  if (first && last) {
    // Noon UTC of each calendar date, formatted in UTC: the date itself, whatever the zone.
    return formatMeetingDates(new Date(`${first}T12:00:00Z`), new Date(`${last}T12:00:00Z`), language, 'UTC');
  }
  return formatMeetingDates(meeting.start, meeting.end, language, meeting.timeZone);
}

export type InvitationPoster = {
  object: StoredObject;
  /** Storage key of the cached PNG. */
  key: string;
  /** True when this call rendered the poster, false when it came from the cache. */
  isRendered: boolean;
};

/**
 * The invitation poster of an enterprise exhibiting at a meeting (§2 /meeting/invitation, §3
 * Enterprise). Its content — meeting title, dates and venue in the chosen language, the invitation cover
 * (`exhibition.invitation_cover`, else the meeting cover, else the theme colour), the enterprise's
 * name, logo and booth, the share link — is hashed into the storage key: a poster whose inputs did
 * not change is read from storage without rendering; any edit gives a new key and a new render.
 * Language: `lang` when the meeting offers it, else English, else the meeting's first language.
 * @returns the stored PNG (750×1334), its key and whether it was rendered now
 * @throws 404 not_found — the meeting does not exist (or is deleted), or the enterprise does not
 *   exhibit at it
 */
export async function getInvitationPoster(
  deps: InvitationDeps,
  input: { meetingId: string; enterpriseId: string; lang?: string },
): Promise<InvitationPoster> {
  const meeting = await findPosterMeeting(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const exhibitor = await findPosterExhibitor(deps.db, input.meetingId, input.enterpriseId);
  if (!exhibitor) throw notFound('Enterprise');
  const language = resolveLanguage(input.lang, enabledLanguages(meeting.config.language));
  const coverUrl = meeting.exhibition.invitation_cover || meeting.cover;
  const content = {
    language,
    meetingTitle: localize(meeting.title, language),
    dateLine: posterDateLine(meeting, language),
    venue: localize(meeting.venue, language),
    enterpriseName: localize(exhibitor.title, language),
    booth: exhibitor.booth,
    themeColor: meeting.config.theme_color ?? '#0e7c6b',
    shareUrl: enterpriseShareUrl(deps.config, meeting.id, exhibitor.enterpriseId),
  };
  const contentHash = createHash('sha256')
    .update(JSON.stringify({ posterLayoutVersion, ...content, coverUrl, logoUrl: exhibitor.logo }))
    .digest('hex')
    .slice(0, 32);
  const key = posterStorageKey(meeting.id, exhibitor.enterpriseId, contentHash);
  const cached = await deps.storage.get(key);
  if (cached) return { object: cached, key, isRendered: false };
  const [cover, logo] = await Promise.all([
    loadStoredImage(deps, coverUrl),
    loadStoredImage(deps, exhibitor.logo),
  ]);
  const png = await renderPoster({ ...content, cover, logo });
  await deps.storage.put(key, png, 'image/png');
  const object = await deps.storage.get(key);
  if (!object) throw new Error('rendered poster vanished after it was stored');
  return { object, key, isRendered: true };
}
