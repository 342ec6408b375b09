import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { afterNextPaint } from '../../lib/after-paint.ts';

type NearViewportProps = {
  children: ReactNode;
  /** Drawn in the content's place until it renders (and while its lazy code loads). */
  placeholder: ReactNode;
  /** How far outside the screen the content starts to render (IntersectionObserver rootMargin). */
  rootMargin?: string;
};

/**
 * Renders its content once it comes near the screen: content below the fold (home blocks of other
 * features) loads its code and data as the visitor scrolls towards it, not with the first paint
 * (DESIGN §10). It starts watching once the screen it is on has painted, so even content just below
 * the fold does not load ahead of the screen's own. Without IntersectionObserver the content renders
 * at once.
 */
export function NearViewport({ children, placeholder, rootMargin = '200px 0px' }: NearViewportProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    let isWatching = true;
    void afterNextPaint().then(() => {
      if (isWatching) observer.observe(element);
    });
    return () => {
      isWatching = false;
      observer.disconnect();
    };
  }, [isNear, rootMargin]);
  if (isNear) return <Suspense fallback={placeholder}>{children}</Suspense>;
  return <div ref={ref}>{placeholder}</div>;
}
