import { ChevronRight, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { friendPaths } from '../../../lib/friends-paths.ts';
import { useFriendApplications } from '../api/friends.ts';

/** A row to the connection requests with the number still waiting for my answer (§3 new_friend_application_total). */
export function RequestsLink({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('friends');
  const pending = useFriendApplications('received');
  const waiting = (pending.data ?? []).filter((item) => item.status === 'submitted').length ?? 0;
  if (!ready) return null;
  return (
    <Link
      to={friendPaths.applications({ meetingId })}
      data-testid="requests-link"
      className="flex min-h-12 items-center gap-3 rounded-card bg-white px-4 py-2 ring-1 ring-slate-100 hover:bg-slate-50"
    >
      <UserPlus aria-hidden="true" className="size-5 text-primary" />
      <span className="flex-1 text-[15px] text-slate-900">{t('connections.applications')}</span>
      {waiting > 0 ? (
        <span className="min-w-6 rounded-full bg-red-500 px-2 py-0.5 text-center text-xs font-semibold text-white">
          {waiting}
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
