import type { Ticket } from '@app/contracts';
import { CalendarX2 } from 'lucide-react';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { useActivities } from '../api/activities.ts';
import { useMyTickets } from '../api/tickets.ts';
import { ActivityCard, ActivityListSkeleton } from '../components/activity-card.tsx';

/** A section shown above the activities, given the meeting and its time zone (the app passes the votes). */
export type ActivityListSection = ComponentType<{ meetingId: string; timeZone: string }>;

/**
 * /meeting/activity/list (§2): the meeting's activities as cards with their registration state; a
 * logged-in caller's own tickets turn the badge into 'Registered' / 'Under review'. `TopSection`
 * (the meeting's shown votes, §2 /activity/vote, composed in app/activity-list-page.tsx) comes first;
 * it may be lazy: nothing is shown while it loads, and the activities never wait for it.
 */
export function ActivityListRoute({ TopSection }: { TopSection?: ActivityListSection }) {
  const { t, ready } = useTranslation(['activities', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const isLoggedIn = useIsLoggedIn(meetingId);
  const activities = useActivities(meetingId);
  const tickets = useMyTickets(meetingId, isLoggedIn);
  // The newest ticket of each activity (GET /tickets answers newest first).
  const ticketOf = new Map<string, Ticket>();
  for (const ticket of tickets.data ?? []) {
    if (!ticketOf.has(ticket.activity_id.$id)) ticketOf.set(ticket.activity_id.$id, ticket);
  }
  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader title={ready ? t('common:pages.activityList') : ''} className="mb-4 desk:mb-6" />
      {TopSection ? (
        <Suspense fallback={null}>
          <TopSection meetingId={meetingId} timeZone={meeting.time_zone} />
        </Suspense>
      ) : null}
      {!ready || activities.isPending ? (
        <ActivityListSkeleton />
      ) : activities.isError ? (
        <ErrorState onRetry={() => void activities.refetch()} />
      ) : activities.data.length === 0 ? (
        <EmptyState
          icon={<CalendarX2 aria-hidden="true" className="size-7" />}
          title={t('list.emptyTitle')}
          description={t('list.emptyDescription')}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 desk:grid-cols-3" data-testid="activity-list">
          {activities.data.map((activity) => (
            <li key={activity._id.$id}>
              <ActivityCard
                activity={activity}
                ticket={ticketOf.get(activity._id.$id)}
                meetingId={meetingId}
                timeZone={meeting.time_zone}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
