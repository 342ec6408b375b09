import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';

type LoadMoreProps = {
  hasMore: boolean;
  isLoading: boolean;
  onLoad: () => void;
  loadLabel: string;
  loadingLabel: string;
  doneLabel: string;
};

/**
 * The end of an endless list: loads the next page when it scrolls into view (200 px early), with a
 * button for keyboards and browsers without IntersectionObserver; says so when all is loaded.
 */
export function LoadMore({ hasMore, isLoading, onLoad, loadLabel, loadingLabel, doneLabel }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasMore || isLoading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoading]);
  return (
    <div ref={ref} className="mt-6 flex justify-center">
      {hasMore ? (
        <Button variant="secondary" onClick={onLoad} disabled={isLoading}>
          {isLoading ? loadingLabel : loadLabel}
        </Button>
      ) : (
        <p className="text-xs text-slate-400">{doneLabel}</p>
      )}
    </div>
  );
}
