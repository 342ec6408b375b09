import { createHash } from 'node:crypto';
import {
  type ShareCardSize,
  type ShareType,
  shareCardPath,
  shareLandingPath,
  sharePagePath,
  shareTargets,
} from '@app/contracts';
import { enabledLanguages, type Language, localize, resolveLanguage } from '@app/domain';
import { isAllowedWebviewHost } from '@app/domain/webview';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Storage, StoredObject } from '../../providers/storage/storage.ts';
import { loadStoredImage } from '../invitations/invitations.service.ts';
import { publicBase } from '../shared/public-links.ts';
import { webviewDomains } from '../site/site.static-lists.ts';
import { renderShareCard } from './share.card.ts';
import { renderSharePage } from './share.page.ts';
import { findShareItem, findShareMeeting, findShortLinkTarget, insertShortLink } from './share.repository.ts';

export type ShareDeps = {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL' | 'WEBVIEW_DOMAINS'>;
  storage: Storage;
};

/** Bumped when the card's layout changes, so cached cards of the old layout are not served. */
const cardLayoutVersion = 2;

/** The "open" link of the share page, for people whose browser did not follow the redirect. */
const openLabels: Record<Language, string> = {
  zh: '打开页面',
  en: 'Open the page',
  ja: 'ページを開く',
  ko: '페이지 열기',
  es: 'Abrir la página',
  fr: 'Ouvrir la page',
  de: 'Seite öffnen',
  ru: 'Открыть страницу',
  ar: 'افتح الصفحة',
  vi: 'Mở trang',
  id: 'Buka halaman',
  kk: 'Бетті ашу',
  fil: 'Buksan ang pahina',
  hi: 'पेज खोलें',
  ms: 'Buka halaman',
  it: 'Apri la pagina',
  pt: 'Abrir a página',
  pl: 'Otwórz stronę',
  cs: 'Otevřít stránku',
  th: 'เปิดหน้า',
};

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * Plain text of a description that may hold HTML (rich text, §5): tags dropped, the common
 * entities decoded, whitespace collapsed, cut to `max` characters with `…`.
 */
export function plainText(html: string, max = 200): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(text);
  return characters.length > max
    ? `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/** What a share page and card show of a link, in one language. */
export type ShareContent = {
  type: ShareType;
  meetingId: string;
  /** The item's id when the type has one and it was given. */
  id: string | undefined;
  language: Language;
  title: string;
  description: string;
  siteName: string;
  themeColor: string;
  /** The cover's URL ('' when none): the item's image, else the meeting's share cover or cover. */
  coverUrl: string;
  /** True when the item was not found (or its type has no table yet) and the meeting's card stands in. */
  isMeetingFallback: boolean;
  /** Absolute URLs: the share page, the hash route, the card image. */
  shareUrl: string;
  landingUrl: string;
  cardUrl: string;
};

/**
 * Reads what a share link shows (§2 share links): the meeting (404 when unknown or deleted), the
 * language (`lang` when the meeting offers it, else English, else its first, §3), and the item when
 * its type has a table and the item is live in that meeting — activity, enterprise and invitation
 * (an exhibiting enterprise), product, speaker, agenda and agenda details, live, introduction, news
 * (published only). Types without an item (home, speaker list), without a table yet (vote,
 * candidate, demand, user) or
 * whose item is missing show the meeting: its share title and description (§3 wx_share_title,
 * wx_share_desc), else its title and venue, and its share cover or cover.
 * @throws 404 not_found — the meeting does not exist or is deleted
 */
export async function loadShareContent(
  deps: Pick<ShareDeps, 'db' | 'config'>,
  input: { type: ShareType; meetingId: string; id?: string | undefined; lang?: string | undefined },
): Promise<ShareContent> {
  const meeting = await findShareMeeting(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const language = resolveLanguage(input.lang, enabledLanguages(meeting.config.language));
  const hasItem = shareTargets[input.type].idParam !== null;
  const id = hasItem && input.id ? input.id : undefined;
  const item = id ? await findShareItem(deps.db, input.type, meeting.id, id) : undefined;
  const siteName = localize(meeting.title, language);
  const meetingCover = meeting.config.wx_share_cover || meeting.cover;
  const meetingDescription = meeting.config.wx_share_desc || localize(meeting.venue, language);
  const itemTitle = item ? plainText(localize(item.title, language), 120) : '';
  const link = { type: input.type, meetingId: meeting.id, id, lang: input.lang ? language : undefined };
  const base = publicBase(deps.config);
  return {
    type: input.type,
    meetingId: meeting.id,
    id,
    language,
    title: itemTitle || plainText(meeting.config.wx_share_title || siteName, 120),
    description: item
      ? plainText(localize(item.description, language)) || siteName
      : plainText(meetingDescription),
    siteName,
    themeColor: meeting.config.theme_color ?? '#0e7c6b',
    coverUrl: item?.image || meetingCover,
    isMeetingFallback: !item,
    shareUrl: `${base}${sharePagePath(link)}`,
    landingUrl: `${base}${shareLandingPath(link)}`,
    cardUrl: `${base}${shareCardPath({ ...link, lang: language })}`,
  };
}

/**
 * The share page's HTML (§2 share links, GET /s/<type>): Open Graph + Twitter tags from
 * loadShareContent, then the hash route. Returns the HTML and its inline script (for the CSP hash).
 * @throws 404 not_found — the meeting does not exist or is deleted
 */
export async function getSharePage(
  deps: Pick<ShareDeps, 'db' | 'config'>,
  input: { type: ShareType; meetingId: string; id?: string | undefined; lang?: string | undefined },
): Promise<{ html: string; script: string; content: ShareContent }> {
  const content = await loadShareContent(deps, input);
  const page = renderSharePage({
    language: content.language,
    title: content.title,
    description: content.description,
    siteName: content.siteName,
    imageUrl: content.cardUrl,
    canonicalUrl: content.shareUrl,
    landingUrl: content.landingUrl,
    openLabel: openLabels[content.language],
  });
  return { ...page, content };
}

/** Rendered cards live apart from uploads: `_share/<meeting>/<type>/<content hash>.png`. */
export function shareCardStorageKey(meetingId: string, type: ShareType, contentHash: string): string {
  return `_share/${meetingId}/${type}/${contentHash}.png`;
}

export type ShareCard = { object: StoredObject; key: string; isRendered: boolean };

/**
 * The share card PNG (§2 share links, §9 share image size 120): 1200×630 (`card`) or 120×120
 * (`thumb`). Its content — type, item, language, title, description, meeting name, colour, cover URL,
 * share URL, size and layout version — is hashed into the storage key, so an unchanged card is read
 * from storage and any edit (title, cover …) renders a new one. Covers are read only from our own
 * storage (loadStoredImage): a card request never makes the server fetch other hosts.
 * @throws 404 not_found — the meeting does not exist or is deleted
 */
export async function getShareCard(
  deps: ShareDeps,
  input: {
    type: ShareType;
    meetingId: string;
    id?: string | undefined;
    lang?: string | undefined;
    size: ShareCardSize;
  },
): Promise<ShareCard> {
  const content = await loadShareContent(deps, input);
  const hashed = {
    cardLayoutVersion,
    size: input.size,
    language: content.language,
    title: content.title,
    description: content.description,
    siteName: content.siteName,
    themeColor: content.themeColor,
    coverUrl: content.coverUrl,
    shareUrl: content.shareUrl,
  };
  const contentHash = createHash('sha256').update(JSON.stringify(hashed)).digest('hex').slice(0, 32);
  const key = shareCardStorageKey(content.meetingId, content.type, contentHash);
  const cached = await deps.storage.get(key);
  if (cached) return { object: cached, key, isRendered: false };
  const cover = await loadStoredImage(deps, content.coverUrl);
  const png = await renderShareCard(
    {
      language: content.language,
      title: content.title,
      description: content.description,
      siteName: content.siteName,
      themeColor: content.themeColor,
      cover,
      shareUrl: content.shareUrl,
    },
    input.size,
  );
  await deps.storage.put(key, png, 'image/png');
  const object = await deps.storage.get(key);
  if (!object) throw new Error('rendered share card vanished after it was stored');
  return { object, key, isRendered: true };
}

/** A target the short-link endpoint refuses (400, never stored). */
export const targetNotAllowed = () =>
  new AppError(400, 'short_link.target_not_allowed', 'This address cannot be shortened');

/**
 * The normalised absolute URL of a short-link target when it is allowed, else null (§2
 * /etc/redirect: validated targets only, never an open redirect). Allowed: a path of this site
 * (`/…` but not `//…` or `/\…`), a hash route (`#/…`), or an absolute http(s) URL (`http://` or
 * `https://` spelled out) whose origin is this site's (PUBLIC_URL, under its path prefix) or whose
 * host is on the allowed web-view domains. Refused: other hosts, protocol-relative and backslash
 * tricks (`//evil.com`, `/\evil.com`, `https:evil.com`), other schemes (`javascript:`, `data:`),
 * credentials (`https://ours@evil.com` is evil.com; `https://evil.com@ours` hides a user name),
 * control characters and whitespace anywhere.
 */
export function allowedShortLinkTarget(
  config: Pick<Config, 'PUBLIC_URL' | 'WEBVIEW_DOMAINS'>,
  target: string,
): URL | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these, so they could hide a host
  if (/[\u0000-\u0020\u007f\\]/.test(target)) return null;
  const base = publicBase(config);
  const isPath = /^\/(?![/\\])/.test(target) || target.startsWith('#/');
  const isAbsolute = /^https?:\/\/[^/]/i.test(target);
  if (!isPath && !isAbsolute) return null;
  let url: URL;
  try {
    url = isPath
      ? new URL(target.startsWith('#') ? `${base}/${target}` : `${base}${target}`)
      : new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const own = new URL(`${base}/`);
  if (url.origin === own.origin) return url.pathname.startsWith(own.pathname) ? url : null;
  return isAllowedWebviewHost(url.hostname, webviewDomains(config)) ? url : null;
}

/** 10 URL-safe characters of the target's SHA-256: the same target always gets the same hash. */
function shortHash(target: string, length: number): string {
  return createHash('sha256').update(target).digest('base64url').slice(0, length);
}

/**
 * GET /short_links?target= (§7 Static short-link endpoint): stores the allowed target under its hash
 * and answers the hash, the short link (`<PUBLIC_URL>/#/etc/redirect?hash=…`) and the normalised
 * target. In the unlikely case that the 10-character hash is taken by another target, a longer one
 * is used.
 * @throws 400 short_link.target_not_allowed — see allowedShortLinkTarget
 */
export async function createShortLink(
  deps: Pick<ShareDeps, 'db' | 'config'>,
  input: { target: string },
): Promise<{ hash: string; url: string; target: string }> {
  const url = allowedShortLinkTarget(deps.config, input.target);
  if (!url) throw targetNotAllowed();
  const target = url.href;
  for (const length of [10, 16, 24]) {
    const hash = shortHash(target, length);
    await insertShortLink(deps.db, hash, target);
    if ((await findShortLinkTarget(deps.db, hash)) === target) {
      return { hash, url: `${publicBase(deps.config)}/#/etc/redirect?hash=${hash}`, target };
    }
  }
  throw new Error('short link hash collision at every length');
}

/**
 * The target a short link leads to, checked again against today's allow-list (a domain removed from
 * WEBVIEW_DOMAINS stops redirecting).
 * @throws 404 not_found — an unknown hash, or a stored target no longer allowed
 */
export async function followShortLink(
  deps: Pick<ShareDeps, 'db' | 'config'>,
  input: { hash: string },
): Promise<string> {
  const target = await findShortLinkTarget(deps.db, input.hash);
  const url = target ? allowedShortLinkTarget(deps.config, target) : null;
  if (!url) throw notFound('Short link');
  return url.href;
}
