import { cx } from './cx.ts';

/** Stable keys for `count` placeholders. */
export function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `placeholder-${i}`);
}

/** A grey placeholder block while content loads. */
export function Skeleton({ className }: { className?: string }) {
  const hasRadius = className?.includes('rounded-') ?? false;
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse bg-slate-200/80', !hasRadius && 'rounded-lg', className)}
    />
  );
}

/** Stacked line placeholders. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div className={cx('space-y-2', className)} aria-hidden="true">
      {placeholderKeys(lines).map((key, i) => (
        <Skeleton key={key} className={cx('h-3.5', i === lines - 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}
