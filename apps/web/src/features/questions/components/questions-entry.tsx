import { ChevronRight, MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { questionPaths } from '../../../lib/questions-paths.ts';

/**
 * The personal centre's row to the caller's questions and price inquiries — and, for a bound
 * exhibitor, its enterprise's inbox (§2 exhibitor area /meeting/exhibitor/ask/list).
 */
export function QuestionsEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('questions');
  if (!ready) return null;
  return (
    <Link
      to={questionPaths.inbox({ meetingId })}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="questions-entry"
    >
      <span className="text-slate-500">
        <MessageCircleQuestion aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('pages.inbox')}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
