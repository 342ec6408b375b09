import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './cx.ts';

type PageHeaderProps = { title: string; subtitle?: ReactNode; actions?: ReactNode; className?: string };

export function PageHeader({ title, subtitle, actions, className }: PageHeaderProps) {
  return (
    <div className={cx('flex items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 desk:text-3xl">{title}</h1>
        {subtitle ? <div className="mt-1 text-sm text-slate-500">{subtitle}</div> : null}
      </div>
      {actions ? <div className="shrink-0">{actions}</div> : null}
    </div>
  );
}

/** A section title inside a page. */
export function SectionTitle({
  children,
  action,
  id,
}: {
  children: ReactNode;
  action?: ReactNode;
  id?: string;
}) {
  return (
    <div className="mb-3 flex items-center justify-between gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {children}
      </h2>
      {action}
    </div>
  );
}

/** The "view all" link at the end of a section title: text and a chevron that mirrors in Arabic. */
export function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-0.5 text-sm font-medium text-primary">
      {children}
      <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
    </Link>
  );
}
