import { Search } from 'lucide-react';
import { Link } from 'react-router';

/** A search box that opens the search page (the pavilion keeps its list; search has its own screen). */
export function SearchLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      data-testid="pavilion-search"
      className="flex h-11 min-w-0 flex-1 items-center gap-2.5 rounded-button bg-white ps-3.5 pe-3 text-[15px] text-slate-400 ring-1 ring-slate-200 transition hover:ring-primary/40"
    >
      <Search aria-hidden="true" className="size-[18px] shrink-0" />
      <span className="truncate">{label}</span>
    </Link>
  );
}
