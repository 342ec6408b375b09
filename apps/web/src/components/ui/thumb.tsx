import { sizedImageUrl, type ThumbCssSize } from '@app/contracts/wire/image-sizes.ts';
import { useState } from 'react';
import { initials } from '../../lib/text.ts';
import { cx } from './cx.ts';

type ThumbProps = {
  src?: string | null | undefined;
  name: string;
  className?: string;
  fit?: 'contain' | 'cover';
  /**
   * The box's edge in CSS pixels (its `size-*` class): a stored image is then asked at twice that
   * (§9 doubled-size helper, sizes from the shared allow-list) instead of at full size.
   */
  size?: ThumbCssSize;
  /** Without the frame (ring) and rounded corners: edge to edge inside a card. */
  isBare?: boolean;
};

/**
 * A rounded-square picture (logo, product image), or the name's initials on a tint of the theme
 * colour when there is none or it fails to load.
 */
export function Thumb({ src: original, name, className, fit = 'contain', size, isBare = false }: ThumbProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const src = original && size ? sizedImageUrl(original, size, fit) : original;
  const box = cx(
    'relative shrink-0 overflow-hidden bg-white',
    !isBare && 'rounded-xl ring-1 ring-slate-900/[0.06]',
    className,
  );
  if (src && failedSrc !== src) {
    return (
      <span className={cx(box, 'block')}>
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          className={cx('size-full', fit === 'contain' ? 'object-contain p-1' : 'object-cover')}
          onError={() => setFailedSrc(src)}
        />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        box,
        'flex items-center justify-center bg-[color-mix(in_oklab,var(--app-primary)_12%,white)] font-semibold text-primary',
      )}
    >
      <span className="text-[0.9em]">{initials(name)}</span>
    </span>
  );
}
