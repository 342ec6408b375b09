import { ChevronRight, Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { demandPaths } from '../../../lib/demands-paths.ts';

/** The personal centre's row to the caller's demands (§2 /my/demand). */
export function DemandsEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('demands');
  if (!ready) return null;
  return (
    <Link
      to={demandPaths.mine({ meetingId })}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="demands-entry"
    >
      <span className="text-slate-500">
        <Handshake aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('pages.mine')}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
