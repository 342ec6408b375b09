import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

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
 * (DESIGN §10). Without IntersectionObserver the content renders at once.
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
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, rootMargin]);
  if (isNear) return <Suspense fallback={placeholder}>{children}</Suspense>;
  return <div ref={ref}>{placeholder}</div>;
}
