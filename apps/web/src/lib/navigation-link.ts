import { type ResolvedLink, resolveLink } from './links.ts';

/**
 * The link fields of a navigation item (§3 Navigation item) — also of page sections, banner slides,
 * image and button blocks: `link` for desktop, `mobile_link` for phones, `raw` 1 = an external link
 * used exactly as written, `open_link_in_frame` / `mobile_open_link_in_frame` 1 = open it inside the
 * app's /webview page instead of leaving the app.
 */
export type NavigationLinkFields = {
  link?: string | undefined;
  mobile_link?: string | undefined;
  raw?: number | undefined;
  open_link_in_frame?: number | undefined;
  mobile_open_link_in_frame?: number | undefined;
};

/**
 * The app's embedded-link page (§2 /webview, query `link`): siteRoutes.webview of site-paths.ts,
 * written out here so the home's navigation does not pull the site pages' path table into its chunk.
 */
export const webviewRoute = '/webview';

/**
 * Where a navigation item leads on this device (§3):
 * - on a phone, `mobile_link` when set (with `mobile_open_link_in_frame`), else `link` (with
 *   `open_link_in_frame`); on a desktop `link`, else `mobile_link`;
 * - `raw` 1: the link is external and used as is (no scheme added, never read as an app route);
 * - in frame: an external link opens as the app route `/webview?link=…` (an app route stays one);
 * - otherwise the §2 rule of `resolveLink` (app routes in place, URLs in a new tab, a link without
 *   a scheme gets the current protocol).
 */
export function navigationLink(
  item: NavigationLinkFields,
  device: { isPhone: boolean; protocol: string },
): ResolvedLink {
  const mobile = item.mobile_link?.trim() ?? '';
  const desktop = item.link?.trim() ?? '';
  const usesMobile = device.isPhone ? mobile !== '' : desktop === '' && mobile !== '';
  const raw = usesMobile ? mobile : desktop;
  const inFrame = (usesMobile ? item.mobile_open_link_in_frame : item.open_link_in_frame) === 1;
  if (raw === '') return { kind: 'none' };
  const resolved: ResolvedLink =
    item.raw === 1 ? { kind: 'external', href: raw } : resolveLink(raw, device.protocol);
  if (inFrame && resolved.kind === 'external') {
    return {
      kind: 'route',
      to: `${webviewRoute}?${new URLSearchParams({ link: resolved.href }).toString()}`,
    };
  }
  return resolved;
}
