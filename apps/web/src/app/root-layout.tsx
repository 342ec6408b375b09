import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { placeholderKeys, Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { anchorParam, scrollToAnchorWhenReady } from '../lib/anchor.ts';
import { useScrollRestoration } from './scroll-restoration.ts';

/** Scrolls to `?anchor=ID` after each navigation (§2, offsets of §9). */
function useAnchorScroll() {
  const location = useLocation();
  useEffect(() => {
    const anchor = new URLSearchParams(location.search).get(anchorParam);
    if (!anchor) return;
    return scrollToAnchorWhenReady(anchor);
  }, [location.search]);
}

/**
 * Frame of every page: the page (the skeleton while its route table, its meeting or — on first paint
 * — its code loads), the toasts, scroll restoration and anchors.
 */
export function RootLayout() {
  useScrollRestoration();
  useAnchorScroll();
  return (
    <>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}

/**
 * First paint while the meeting and the page's code load: the home page's frame (header bar, hero,
 * detail lines, entry tiles, text) at its sizes. index.html draws the same shell before the JS runs,
 * so this replaces it without a jump; keep the two in step.
 */
export function PageSkeleton() {
  return (
    <div className="min-h-dvh" aria-busy="true">
      <div className="h-[57px] border-b border-slate-200/70 bg-white desk:h-[65px]" />
      <div className="mx-auto max-w-[1200px] desk:px-6">
        <HeroPlaceholder />
        <div
          className="mx-4 flex flex-col gap-2 border-b border-slate-200/70 py-4 desk:mx-0 desk:flex-row desk:gap-8"
          aria-hidden="true"
        >
          <Skeleton className="my-1 h-[14.5px] w-40" />
          <Skeleton className="my-1 h-[14.5px] w-64" />
        </div>
        <div className="space-y-6 px-4 pt-5 desk:px-0 desk:pt-8">
          <div className="grid grid-cols-4 gap-2.5 desk:grid-cols-8 desk:gap-4">
            {placeholderKeys(4).map((key) => (
              <Skeleton key={key} className="h-[84px] rounded-card" />
            ))}
          </div>
          <Skeleton className="h-6 w-40" />
          <SkeletonText lines={4} />
        </div>
      </div>
      <div
        className="fixed inset-x-0 bottom-0 border-t border-slate-200/80 bg-white pb-[env(safe-area-inset-bottom)] desk:hidden"
        aria-hidden="true"
      >
        <div className="mx-auto flex h-[60px] max-w-md">
          {placeholderKeys(3).map((key) => (
            <div key={key} className="flex flex-1 flex-col items-center justify-center gap-1.5">
              <Skeleton className="size-[22px] rounded-md" />
              <Skeleton className="h-[9px] w-9 rounded-sm" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The hero's place: neutral (the meeting's theme is not known yet), with the hero's two rings. */
function HeroPlaceholder() {
  return (
    <div className="overflow-hidden desk:mt-8 desk:rounded-card">
      <svg aria-hidden="true" className="block aspect-[16/9] max-h-[420px] w-full desk:aspect-[3/1]">
        <rect width="100%" height="100%" fill="#e2e8f0" />
        <svg x="100%" overflow="visible" aria-hidden="true">
          <circle cx="-56" cy="56" r="82" fill="none" stroke="#fff" strokeOpacity="0.45" strokeWidth="28" />
        </svg>
        <svg x="33.333%" y="100%" overflow="visible" aria-hidden="true">
          <circle cx="80" cy="-16" r="70" fill="none" stroke="#fff" strokeOpacity="0.45" strokeWidth="20" />
        </svg>
      </svg>
    </div>
  );
}
