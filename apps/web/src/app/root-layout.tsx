import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { placeholderKeys, Skeleton } from '../components/ui/skeleton.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { anchorParam, scrollToAnchorWhenReady } from '../lib/anchor.ts';

/** Scrolls to `?anchor=ID` after each navigation (§2, offsets of §9). */
function useAnchorScroll() {
  const location = useLocation();
  useEffect(() => {
    const anchor = new URLSearchParams(location.search).get(anchorParam);
    if (!anchor) return;
    return scrollToAnchorWhenReady(anchor);
  }, [location.search]);
}

export function RootLayout() {
  useAnchorScroll();
  return (
    <>
      <Outlet />
      <Toaster />
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </>
  );
}

/** First paint while the meeting and the page's code load. */
export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-[1200px]" aria-busy="true">
      <div className="h-14 border-b border-slate-200/70 bg-white desk:h-16" />
      <div className="space-y-4 p-4 desk:px-6 desk:py-8">
        <Skeleton className="h-44 w-full rounded-card desk:h-64" />
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <div className="grid grid-cols-4 gap-3 pt-2">
          {placeholderKeys(8).map((key) => (
            <Skeleton key={key} className="aspect-square rounded-card" />
          ))}
        </div>
      </div>
    </div>
  );
}
