import { localize } from '@app/domain';
import { CheckCircle2, Clock3, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useActivity } from '../api/activities.ts';
import { useMyTickets } from '../api/tickets.ts';
import { activityWhen } from '../components/format.ts';
import { stateOf, useStateLabel } from '../components/state-badge.tsx';

/** Phones show 'review pending' right after submitting (§4); wider screens say 'under review'. */
const isPhone = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 74.99rem)').matches;

/**
 * /activity/success?activity_id&ticket_id (§2): the registration's standing (registered, or under
 * review / review pending), with 'View my ticket' and 'Back to the activity'.
 */
function ActivitySuccessRoute() {
  const { t, ready } = useTranslation('activities');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const location = useLocation();
  const [activityId] = useSearchState('activity_id');
  const [ticketId] = useSearchState('ticket_id');
  const activity = useActivity(meetingId, activityId);
  const tickets = useMyTickets(meetingId, true, activityId);
  const label = useStateLabel();
  if (!activityId) return <Navigate to={paths.notFound()} replace />;
  if (activity.isError || tickets.isError) {
    return (
      <ErrorState
        className="py-24"
        onRetry={() => void Promise.all([activity.refetch(), tickets.refetch()])}
      />
    );
  }
  if (!ready || activity.isPending || tickets.isPending) {
    return (
      <div className="mx-auto max-w-md space-y-4 px-4 py-10" aria-busy="true">
        <Skeleton className="mx-auto size-16 rounded-full" />
        <Skeleton className="mx-auto h-6 w-48" />
        <Skeleton className="h-24 w-full rounded-card" />
      </div>
    );
  }
  if (!activity.data) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  const ticket = tickets.data.find((item) => item._id.$id === ticketId) ?? tickets.data[0];
  const isJustSubmitted = Boolean((location.state as { isJustSubmitted?: boolean } | null)?.isJustSubmitted);
  const state = stateOf(activity.data, ticket, { isJustSubmitted: isJustSubmitted && isPhone() });
  const { text } = label(activity.data, state, meeting.time_zone);
  const isPending = state.standing === 'under_review' || state.standing === 'review_pending';
  const Icon = state.standing === 'rejected' ? XCircle : isPending ? Clock3 : CheckCircle2;
  const tone =
    state.standing === 'rejected' ? 'text-red-500' : isPending ? 'text-amber-500' : 'text-emerald-500';
  const message = isPending
    ? t('success.pendingText')
    : state.standing === 'rejected'
      ? t('success.rejectedText')
      : t('success.registeredText');
  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center" data-testid="activity-success">
      <Icon aria-hidden="true" className={`mx-auto size-16 ${tone}`} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900" data-testid="success-standing">
        {text}
      </h1>
      <p className="mt-2 text-[15px] text-slate-600">{message}</p>
      <Card className="mt-6 p-4 text-start">
        <p className="font-semibold text-slate-900">
          <bdi>{localize(activity.data.title, language)}</bdi>
        </p>
        <p className="mt-1 text-[13px] text-slate-500">
          {activityWhen(activity.data, meeting.time_zone, language)}
        </p>
      </Card>
      <div className="mt-6 flex flex-col gap-3">
        {ticket ? (
          <Link
            to={activityPaths.registration.ticket({ meetingId, ticketId: ticket._id.$id })}
            className={buttonClass('primary')}
            data-testid="success-view-ticket"
          >
            {t('detail.viewTicket')}
          </Link>
        ) : null}
        <Link
          to={activityPaths.activity.detail({ meetingId, activityId })}
          className={buttonClass('secondary')}
        >
          {t('actions.backToActivity')}
        </Link>
      </div>
    </div>
  );
}

export { ActivitySuccessRoute as Component };
