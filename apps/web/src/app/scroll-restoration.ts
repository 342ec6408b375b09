import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** sessionStorage key of the saved positions (they outlive a reload of the tab). */
const storageKey = 'scroll-positions';

/** The last vertical scroll position (CSS px) of each address (path + query) shown in this tab. */
let positions: Record<string, number> | undefined;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * Scroll restoration for the hash routes: an address shown before opens at the position it was left
 * at (back, forward, or a link to it); any other opens at the top — except a replace that keeps the
 * path (the query completed or a filter changed in place), which keeps the position. Positions are
 * recorded as the page scrolls and kept in sessionStorage when the page is hidden.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const address = `${location.pathname}${location.search}`;
  const current = useRef(address);
  const previousPath = useRef<string | undefined>(undefined);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const record = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        savedPositions()[current.current] = window.scrollY;
      });
    };
    const persist = () => {
      savedPositions()[current.current] = window.scrollY;
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or blocked: positions still work within this page's life.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const samePath = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    current.current = address;
    const saved = savedPositions()[address];
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else if (!(navigationType === 'REPLACE' && samePath)) window.scrollTo(0, 0);
  }, [address, location.pathname, navigationType]);
}
