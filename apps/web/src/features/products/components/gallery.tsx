import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumb } from '../../../components/ui/thumb.tsx';

/**
 * The product images: swiped sideways with scroll snapping (no script for the motion), a counter of
 * the current one; the initials tile when there are none.
 */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation('exhibitors');
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return <Thumb name={title} isBare className="aspect-square w-full text-5xl desk:rounded-card" />;
  }
  return (
    <div className="relative">
      <ul
        className="scrollbar-none flex aspect-square snap-x snap-mandatory overflow-x-auto bg-white desk:rounded-card"
        onScroll={(event) => {
          const box = event.currentTarget;
          setIndex(Math.round(Math.abs(box.scrollLeft) / Math.max(1, box.clientWidth)));
        }}
        data-testid="product-gallery"
      >
        {images.map((src, i) => (
          <li key={src} className="w-full shrink-0 snap-center">
            <img
              src={src}
              alt={t('product.image', { index: i + 1, total: images.length })}
              loading={i === 0 ? 'eager' : 'lazy'}
              className="size-full object-contain"
            />
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <span className="absolute end-3 bottom-3 rounded-full bg-slate-900/60 px-2.5 py-0.5 text-xs text-white tabular-nums">
          {Math.min(index + 1, images.length)} / {images.length}
        </span>
      ) : null}
    </div>
  );
}
