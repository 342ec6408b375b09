import type { HTMLAttributes } from 'react';
import { cx } from './cx.ts';

export const cardClass =
  'rounded-card bg-white shadow-[0_1px_2px_rgba(15,23,42,0.04)] ring-1 ring-slate-900/[0.06]';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(cardClass, className)} {...rest} />;
}
