import { useState } from 'react';
import { initials } from '../../lib/text.ts';
import { cx } from './cx.ts';

type AvatarProps = { name: string; photo?: string | null | undefined; className?: string };

/** A round photo, or the name's initials on the theme colour when there is none (or it fails). */
export function Avatar({ name, photo, className }: AvatarProps) {
  const [hasFailed, setFailed] = useState(false);
  const box = cx('relative shrink-0 overflow-hidden rounded-full', className);
  if (photo && !hasFailed) {
    return (
      <span className={box}>
        <img
          src={photo}
          alt=""
          loading="lazy"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        box,
        'flex items-center justify-center bg-[color-mix(in_oklab,var(--app-primary)_15%,white)] font-semibold text-primary',
      )}
    >
      <span className="text-[0.9em]">{initials(name)}</span>
    </span>
  );
}
