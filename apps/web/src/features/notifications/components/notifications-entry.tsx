import { Bell, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { votePaths } from '../../../lib/votes-paths.ts';
import { UnreadBadge, useUnreadCount } from './me-tab-badge.tsx';

/** The personal centre's row to the notification centre, with the unread badge. */
export function NotificationsEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('notifications');
  const count = useUnreadCount(true);
  if (!ready) return null;
  return (
    <Link
      to={votePaths.notifications({ meetingId })}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="notifications-entry"
    >
      <span className="text-slate-500">
        <Bell aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('title')}</span>
      <UnreadBadge count={count.data?.total ?? 0} />
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
