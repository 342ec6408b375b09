import { ChevronRight, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { threadPaths } from '../../../lib/threads-paths.ts';

/** The personal centre's row to the meeting's discussions (§2 /meeting/thread/list). */
export function ThreadsEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('threads');
  if (!ready) return null;
  return (
    <Link
      to={threadPaths.list({ meetingId })}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="threads-entry"
    >
      <span className="text-slate-500">
        <MessagesSquare aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('list.entry')}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
