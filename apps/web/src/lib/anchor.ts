import { layout } from '@app/contracts/wire/limits.ts';

/**
 * Anchor scrolling (§2 "pages with a hash scroll to the anchor", §9 offsets). The URL hash holds the
 * route, so the anchor travels as the `anchor` query parameter: `#/agenda?anchor=ID`.
 */
export const anchorParam = 'anchor';

/** Height kept clear above the target: 64 on desktop (≥ 1200 px wide), 56 on phones. */
export function anchorOffset(viewportWidth: number): number {
  return viewportWidth >= layout.minDesktopWidth ? layout.anchorOffsetDesktop : layout.anchorOffsetMobile;
}

/** Document scroll position that puts an element (at `elementTop` in the viewport) below the header. */
export function anchorScrollTop(elementTop: number, currentScrollY: number, viewportWidth: number): number {
  return Math.max(0, Math.round(elementTop + currentScrollY - anchorOffset(viewportWidth)));
}

/** Scrolls to an element now; false when it is not in the page. */
export function scrollToElementId(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = anchorScrollTop(element.getBoundingClientRect().top, window.scrollY, window.innerWidth);
  window.scrollTo({ top, behavior });
  return true;
}

/**
 * Scrolls to an element once it appears (content arrives after the route renders); gives up after
 * `timeoutMs`. Returns a cancel function.
 */
export function scrollToAnchorWhenReady(id: string, timeoutMs = 4000): () => void {
  const startedAt = Date.now();
  let frame = 0;
  const attempt = () => {
    if (scrollToElementId(id) || Date.now() - startedAt > timeoutMs) return;
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
