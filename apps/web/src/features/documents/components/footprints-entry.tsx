import { ChevronRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { documentPaths } from '../../../lib/documents-paths.ts';

/** The personal centre's row to the visitor's browsing history (/my/footprints). */
export function FootprintsEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('documents');
  if (!ready) return null;
  return (
    <Link
      to={documentPaths.footprints({ meetingId })}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="footprints-entry"
    >
      <span className="text-slate-500">
        <History aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('footprints.entry')}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
