import { localize } from '@app/domain';
import { Lock, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { cardClass } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { useTicketActivity } from '../api/activity.ts';
import { useParticipants } from '../api/participants.ts';

/**
 * /activity/tickets?activity_id (§2 participant list, login): how many people are coming and their
 * masked names. Only the activity's registered participants see it; anyone else gets a calm
 * invitation to register (403 no_permission), not an error.
 */
function ParticipantsRoute() {
  const { t, ready } = useTranslation('tickets');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meetingId = useMeeting()._id.$id;
  const [search] = useSearchParams();
  const activityId = idParam(search, 'activity_id');
  const activity = useTicketActivity(meetingId, activityId);
  // Asked once the activity is known to exist: the server answers an unknown or deleted one with
  // 403, which would log the visitor out (§8) on the way to /404 or /204.
  const isLive = activity.data ? activity.data.deleted !== 1 : false;
  const participants = useParticipants(meetingId, isLive ? activityId : undefined);
  const activityTitle = activity.data ? localize(activity.data.title, language) : '';
  const activityLink = activityPaths.activity.detail({ meetingId, activityId: activityId ?? '' });

  // §2: a missing or unknown activity is a 404, a deleted one /204.
  if (!activityId || activity.data === null) return <Navigate to={paths.notFound()} replace />;
  if (activity.data?.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;

  let body: ReactNode;
  if (!ready || activity.isPending || (participants.isPending && isLive)) {
    body = (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-busy="true">
        {placeholderKeys(8).map((key) => (
          <Skeleton key={key} className="h-16 rounded-card" />
        ))}
      </div>
    );
  } else if (!activityId) {
    body = <EmptyState title={t('participants.empty')} />;
  } else if (participants.error instanceof ApiError && participants.error.status === 403) {
    body = (
      <EmptyState
        icon={<Lock aria-hidden="true" className="size-7" />}
        title={t('participants.noPermissionTitle')}
        description={t('participants.noPermissionDescription')}
        action={<ButtonLink to={activityLink}>{t('participants.openActivity')}</ButtonLink>}
      />
    );
  } else if (activity.isError) {
    body = <ErrorState onRetry={() => void activity.refetch()} />;
  } else if (participants.isError) {
    body = <ErrorState onRetry={() => void participants.refetch()} />;
  } else if (participants.data && participants.data.tickets.length === 0) {
    body = (
      <EmptyState
        icon={<UsersRound aria-hidden="true" className="size-7" />}
        title={t('participants.empty')}
      />
    );
  } else if (participants.data) {
    const { tickets, total } = participants.data;
    body = (
      <>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="participants">
          {tickets.map((ticket) => (
            <li key={ticket._id.$id} className={cx(cardClass, 'flex items-center gap-3 p-3')}>
              <Avatar name={ticket.name || '?'} className="size-10 text-[15px]" />
              <span className="min-w-0 truncate text-[15px] text-slate-800">
                <bdi>{ticket.name}</bdi>
              </span>
            </li>
          ))}
        </ul>
        {total > tickets.length ? (
          <p className="text-center text-[14px] text-slate-500">
            {t('participants.more', { count: total - tickets.length })}
          </p>
        ) : null}
      </>
    );
  }

  const total = participants.data?.total;
  return (
    <div className="mx-auto max-w-[960px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader
        title={tc('pages.activityTickets')}
        subtitle={
          activityTitle || total !== undefined ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {activityTitle ? <bdi className="font-medium text-slate-700">{activityTitle}</bdi> : null}
              {total !== undefined ? (
                <span data-testid="participants-count">{t('participants.count', { count: total })}</span>
              ) : null}
            </span>
          ) : undefined
        }
      />
      {body}
    </div>
  );
}

export { ParticipantsRoute as Component };
