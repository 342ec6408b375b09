import type { Block, LocalizedText } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import type { NavigationLinkFields } from '../../../lib/navigation-link.ts';
import { keyed } from './keyed.ts';
import { SmartLink } from './smart-link.tsx';

type Slide = NavigationLinkFields & { image: string; title?: LocalizedText };

/** The slides of a banner block's settings, malformed ones left out. */
function slidesOf(block: Block): Slide[] {
  const slides = Array.isArray(block.data.slides) ? (block.data.slides as Slide[]) : [];
  return slides.filter((slide) => typeof slide?.image === 'string' && slide.image !== '');
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The banner block: a carousel of wide images, each with an optional caption and link (the §3 link
 * rule). Advances every `interval` seconds (0: never; paused while hovered or focused, and for
 * visitors who ask for reduced motion); arrows, dots and swipes move it; mirrors in Arabic.
 */
export function BannerBlock({ block, meetingId }: { block: Block; meetingId: string }) {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const slides = slidesOf(block);
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const isRtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const count = slides.length;
  const interval = typeof block.data.interval === 'number' ? block.data.interval : 5;

  useEffect(() => {
    if (count < 2 || interval <= 0 || isPaused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), interval * 1000);
    return () => window.clearInterval(timer);
  }, [count, interval, isPaused]);

  if (count === 0) return null;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const delta = (event.clientX - start.current) * (isRtl ? -1 : 1);
    start.current = null;
    if (Math.abs(delta) > 40) go(index + (delta < 0 ? 1 : -1));
  };
  const title = localize(block.title, language);

  return (
    <section
      aria-roledescription={t('banner.carousel')}
      aria-label={title || t('banner.label')}
      className="relative overflow-hidden rounded-card bg-slate-100"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="banner-block"
    >
      <div
        className="flex touch-pan-y transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(${index * (isRtl ? 100 : -100)}%)` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        {keyed(slides, (slide) => slide.image).map(([key, slide], position) => {
          const caption = slide.title ? localize(slide.title, language) : '';
          return (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group with a role description (WAI-ARIA carousel pattern), not a form fieldset
            <div
              key={key}
              className="relative aspect-[16/7] w-full shrink-0 desk:aspect-[3/1]"
              role="group"
              aria-roledescription={t('banner.slide')}
              aria-label={t('banner.slideOf', { current: position + 1, total: count })}
              aria-hidden={position !== index}
            >
              <SmartLink
                fields={slide}
                meetingId={meetingId}
                className="block size-full"
                label={caption || undefined}
              >
                <img
                  src={slide.image}
                  alt={caption}
                  className="size-full object-cover"
                  loading={position === 0 ? 'eager' : 'lazy'}
                  draggable={false}
                  tabIndex={-1}
                />
                {caption ? (
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent px-4 pt-10 pb-7 text-start text-[15px] font-semibold text-white desk:px-6 desk:pb-8 desk:text-xl">
                    {caption}
                  </span>
                ) : null}
              </SmartLink>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(index - 1)}
            aria-label={t('banner.previous')}
            className="absolute start-2 top-1/2 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-slate-800 shadow hover:bg-white desk:flex"
          >
            <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            aria-label={t('banner.next')}
            className="absolute end-2 top-1/2 hidden size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-slate-800 shadow hover:bg-white desk:flex"
          >
            <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </button>
          <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
            {keyed(slides, (slide) => slide.image).map(([key], position) => (
              <button
                key={key}
                type="button"
                onClick={() => go(position)}
                aria-label={t('banner.slideOf', { current: position + 1, total: count })}
                aria-current={position === index}
                className={cx(
                  'h-1.5 rounded-full transition-all',
                  position === index ? 'w-5 bg-white' : 'w-1.5 bg-white/60 hover:bg-white/80',
                )}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
