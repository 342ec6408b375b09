import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Contact, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentUserQueryOptions } from '../../../lib/api/current-user.ts';
import { friendPaths } from '../../../lib/friends-paths.ts';

const rowClass =
  'flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100';

/**
 * The personal centre's rows to my connections — with the new_friend_application_total badge (§3):
 * requests waiting for my answer, read from GET /users/me — and to my contact card (QR, scanner).
 */
export function FriendsEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('friends');
  const me = useQuery(currentUserQueryOptions(meetingId));
  const waiting = me.data?.new_friend_application_total ?? 0;
  if (!ready) return null;
  return (
    <>
      <Link
        to={waiting > 0 ? friendPaths.applications({ meetingId }) : friendPaths.connections({ meetingId })}
        className={rowClass}
        data-testid="friends-entry"
      >
        <span className="text-slate-500">
          <Contact aria-hidden="true" className="size-5" />
        </span>
        <span className="flex-1 text-[15px] text-slate-900">{t('connections.title')}</span>
        {waiting > 0 ? (
          <span
            className="min-w-6 rounded-full bg-red-500 px-2 py-0.5 text-center text-xs font-semibold text-white"
            data-testid="friends-badge"
          >
            <span className="sr-only">{t('badge.applications')}: </span>
            {waiting > 99 ? '99+' : waiting}
          </span>
        ) : null}
        <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
      </Link>
      <Link to={friendPaths.contact({ meetingId })} className={rowClass} data-testid="contact-entry">
        <span className="text-slate-500">
          <QrCode aria-hidden="true" className="size-5" />
        </span>
        <span className="flex-1 text-[15px] text-slate-900">{t('card.title')}</span>
        <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
      </Link>
    </>
  );
}
