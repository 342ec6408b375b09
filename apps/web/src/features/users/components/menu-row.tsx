import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One row of the personal centre: icon, label, current value, chevron (mirrored in RTL). */
export function MenuRow({
  to,
  icon,
  label,
  value,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value?: string;
}) {
  return (
    <Link
      to={to}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
    >
      <span className="text-slate-500">{icon}</span>
      <span className="flex-1 text-[15px] text-slate-900">{label}</span>
      {value ? (
        <span dir="ltr" className="max-w-[50%] truncate text-[14px] text-slate-500">
          {value}
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}

/** 138****8000: enough to recognise one's own number on a shared screen. */
export function maskPhone(areaCode: string, phone: string): string {
  if (!phone) return '';
  const masked = phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
  return `+${areaCode} ${masked}`;
}
