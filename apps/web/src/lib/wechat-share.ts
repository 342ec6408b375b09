import {
  type ShareLinkInput,
  type ShareType,
  shareCardPath,
  sharePagePath,
  shareTargets,
} from '@app/contracts/share/share-links.ts';
import { type Language, localize } from '@app/domain';
import type { PageShare } from './page-share.ts';

/**
 * The card WeChat shows when a page is shared inside WeChat (§1 share-SDK configuration, §2 share
 * links): title, description, a square image and the link, as the JS-SDK's
 * updateAppMessageShareData / updateTimelineShareData take them. Built on the device from what the
 * page knows; nothing here loads the SDK (that is lib/wechat-jssdk.ts, WeChat only).
 */
export type WechatShareData = { title: string; desc: string; imgUrl: string; link: string };

/** The meeting fields the default card reads (§3 Meeting config wx_share_title, wx_share_desc, wx_share_cover). */
export type ShareMeeting = {
  _id: { $id: string };
  title: Parameters<typeof localize>[0];
  cover: string;
  config: {
    wx_share_title?: string | undefined;
    wx_share_desc?: string | undefined;
    wx_share_cover?: string | undefined;
  };
};

/** Where the page is: the document URL's origin and path (before the hash) and the hash route. */
export type ShareLocation = { origin: string; documentPath: string; route: string; search: string };

const routeTypes = new Map<string, ShareType>(
  (Object.entries(shareTargets) as [ShareType, { route: string }][]).map(([type, target]) => [
    target.route,
    type,
  ]),
);
routeTypes.set('/meeting/agenda/schedule', 'agenda');

/**
 * The §2 share link of the route being shown, when it is one of the sixteen share types (the
 * agenda schedule is the `agenda` type): its item id from the type's query parameter. Other routes
 * have no share type (undefined).
 */
export function shareLinkOfRoute(
  route: string,
  search: string,
  meetingId: string,
  language: string,
): ShareLinkInput | undefined {
  const type = routeTypes.get(route.replace(/\/+$/, '') || '/');
  if (!type) return undefined;
  const idParam = shareTargets[type].idParam;
  const id = idParam ? (new URLSearchParams(search).get(idParam) ?? undefined) : undefined;
  return { type, meetingId, id: id || undefined, lang: language };
}

/** An absolute URL of an image that may be stored relative to the site ('' stays ''). */
function absolute(url: string, base: string): string {
  if (!url) return '';
  try {
    return new URL(url, base).href;
  } catch {
    return '';
  }
}

/**
 * Chooses the card of the page (§2 share links, §3 wx_share_*):
 * - an item page that said what it shows (its share button registers it) → the item's title, its
 *   description (else the meeting's name, as the server's share page does), the item's 120×120
 *   share card (§9 share image size 120) and its share page URL;
 * - another page of a §2 share type (home, speaker list, agenda, …) → the meeting's share title
 *   (else its title), share description (else its title), the type's share card, its share page URL;
 * - any other page → the meeting's defaults with its share cover (else its cover) and the page's own
 *   address, so the card opens the page that was shared.
 * Links stay on the page's own origin: WeChat accepts only links on the JS-safe domain.
 */
export function chooseShareData(input: {
  meeting: ShareMeeting;
  language: Language;
  location: ShareLocation;
  page?: PageShare | undefined;
}): WechatShareData {
  const { meeting, language, location, page } = input;
  const meetingId = meeting._id.$id;
  const meetingName = localize(meeting.title, language);
  const base = `${location.origin}${location.documentPath}`;
  const siteBase = base.replace(/\/[^/]*$/, '');
  const defaults = {
    title: meeting.config.wx_share_title?.trim() || meetingName,
    desc: meeting.config.wx_share_desc?.trim() || meetingName,
  };
  if (page && page.link.meetingId === meetingId) {
    const link = { ...page.link, lang: page.link.lang ?? language };
    return {
      title: page.title.trim() || defaults.title,
      desc: page.description?.trim() || meetingName,
      imgUrl: `${siteBase}${shareCardPath({ ...link, size: 'thumb' })}`,
      link: `${siteBase}${sharePagePath(link)}`,
    };
  }
  const routeLink = shareLinkOfRoute(location.route, location.search, meetingId, language);
  if (routeLink && routeLink.type !== 'home') {
    return {
      ...defaults,
      imgUrl: `${siteBase}${shareCardPath({ ...routeLink, size: 'thumb' })}`,
      link: `${siteBase}${sharePagePath(routeLink)}`,
    };
  }
  const cover = absolute(meeting.config.wx_share_cover || meeting.cover, base);
  if (routeLink) {
    return {
      ...defaults,
      imgUrl: cover || `${siteBase}${shareCardPath({ ...routeLink, size: 'thumb' })}`,
      link: `${siteBase}${sharePagePath(routeLink)}`,
    };
  }
  const query = new URLSearchParams(location.search);
  query.delete('token');
  query.delete('user_id');
  if (!query.has('meeting_id') && !query.has('meeting')) query.set('meeting_id', meetingId);
  return { ...defaults, imgUrl: cover, link: `${base}#${location.route}?${query.toString()}` };
}
