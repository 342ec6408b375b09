import type { Block, LocalizedText } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronRight, MapPin, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLanguage } from '../../../lib/i18n.ts';
import type { NavigationLinkFields } from '../../../lib/navigation-link.ts';
import { BlockFrame } from './block-frame.tsx';
import { SmartLink } from './smart-link.tsx';

/** A point of the plan as the server stored it (blockDataInputs.venue_map). */
export type VenuePoint = NavigationLinkFields & {
  x: number;
  y: number;
  title: LocalizedText;
  description?: LocalizedText;
};

/** The points of a venue-map block, those with a position on the image (0–100 %) only. */
export function venuePointsOf(data: Record<string, unknown>): VenuePoint[] {
  const points = Array.isArray(data.points) ? (data.points as VenuePoint[]) : [];
  return points.filter(
    (point) =>
      typeof point.x === 'number' &&
      typeof point.y === 'number' &&
      point.x >= 0 &&
      point.x <= 100 &&
      point.y >= 0 &&
      point.y <= 100,
  );
}

const hasLink = (point: VenuePoint) => Boolean(point.link?.trim() || point.mobile_link?.trim());

/**
 * The sheet of one point (§2 /sichuan-culture/map): its title, description and link, a modal on the
 * native <dialog> (focus trap, Escape closes), rising from the bottom on phones.
 */
function PointSheet({
  point,
  number,
  meetingId,
  onClose,
}: {
  point: VenuePoint;
  number: number;
  meetingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const description = localize(point.description ?? '', language);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop tap of touch screens; keyboards close with Escape (native) or the close button
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="venue-point-sheet"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A tap on the backdrop (the dialog itself, outside its box) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="z-[3000] m-auto mb-0 w-full max-w-none rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40 sm:mb-auto sm:w-[min(28rem,calc(100vw-2rem))] sm:rounded-card"
    >
      <div className="flex items-start gap-3 px-5 pt-5 pb-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-on-primary"
        >
          {number}
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 pt-1 text-[17px] font-semibold text-slate-900">
          {localize(point.title, language)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('venueMap.close')}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      {description ? (
        <p className="whitespace-pre-line px-5 pb-4 text-[15px] leading-relaxed text-slate-600">
          {description}
        </p>
      ) : null}
      {hasLink(point) ? (
        <div className="border-t border-slate-100 p-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
          <SmartLink
            fields={point}
            meetingId={meetingId}
            className="flex min-h-11 items-center justify-center gap-2 rounded-full bg-primary px-5 text-[15px] font-medium text-on-primary"
          >
            {t('venueMap.open')}
            <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </SmartLink>
        </div>
      ) : (
        <div className="pb-[env(safe-area-inset-bottom)]" />
      )}
    </dialog>
  );
}

/**
 * A venue plan (§2 /sichuan-culture/map): the organiser's uploaded image — no online map tiles — with
 * numbered points placed at x/y percent of the image; each point, on the plan or in the list below it
 * (the same points, for keyboards and screen readers), opens its sheet.
 */
export function VenueMapBlock({ block, meetingId }: { block: Block; meetingId: string }) {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // Following a point's link (or any navigation) closes its sheet, also when it leads to this page.
  const { key: locationKey } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger
  useEffect(() => setOpenIndex(null), [locationKey]);
  const image = typeof block.data.image === 'string' ? block.data.image : '';
  if (!image) return null;
  const points = venuePointsOf(block.data);
  const alt = localize((block.data.alt as LocalizedText | undefined) ?? '', language) || t('venueMap.label');
  const open = openIndex === null ? undefined : points[openIndex];
  return (
    <BlockFrame block={block}>
      <div className="overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06]">
        {/* The plan is a picture: points sit at physical percentages of it in every direction. */}
        <div className="relative" dir="ltr">
          <img src={image} alt={alt} className="block h-auto w-full select-none" draggable={false} />
          {points.map((point, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their order is the organiser's numbering
              key={index}
              type="button"
              onClick={() => setOpenIndex(index)}
              aria-label={t('venueMap.point', { number: index + 1, title: localize(point.title, language) })}
              data-testid="venue-point"
              className="absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary text-sm font-bold text-on-primary shadow-md transition hover:scale-110 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
              style={{ left: `${point.x}%`, top: `${point.y}%` }}
            >
              {index + 1}
            </button>
          ))}
        </div>
        {points.length > 0 ? (
          <ol className="divide-y divide-slate-100" aria-label={t('venueMap.list')}>
            {points.map((point, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their order is the organiser's numbering
              <li key={index}>
                <button
                  type="button"
                  onClick={() => setOpenIndex(index)}
                  className="flex w-full items-center gap-3 px-4 py-3 text-start hover:bg-slate-50"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-bold text-primary"
                  >
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-[15px] font-medium text-slate-800">
                    {localize(point.title, language)}
                  </span>
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                </button>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      {open && openIndex !== null ? (
        <PointSheet
          point={open}
          number={openIndex + 1}
          meetingId={meetingId}
          onClose={() => setOpenIndex(null)}
        />
      ) : null}
    </BlockFrame>
  );
}
