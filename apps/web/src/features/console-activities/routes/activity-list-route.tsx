import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { activitiesQuery } from '../api/console-activities.ts';
import { ActivityPage, activityScreens } from '../components/activity-page.tsx';
import { StatusBadges } from '../components/status-badges.tsx';

/**
 * The meeting's activities in the console (DESIGN §7, §3, §4): each with its dates in the meeting's
 * time zone, status (hidden, private, registration not started / open / closed / full) and counts
 * (registrations of the limit, views); a button to create one.
 */
export function Component() {
  const { t } = useTranslation('console-activities');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const activities = useQuery(activitiesQuery(meetingId));
  const create = (
    <ButtonLink to={activityScreens.create(meetingId)} size="sm">
      <Plus aria-hidden="true" className="size-4" />
      {t('list.create')}
    </ButtonLink>
  );

  let content: ReactNode;
  if (activities.isPending) {
    content = (
      <div className="flex flex-col gap-3" aria-busy="true">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-20 w-full" />
        ))}
      </div>
    );
  } else if (activities.isError) {
    const isRefused = activities.error instanceof ApiError && activities.error.status === 403;
    content = isRefused ? (
      <EmptyState title={t('errors.noPermission')} />
    ) : (
      <ErrorState onRetry={() => activities.refetch()} />
    );
  } else if (activities.data.length === 0) {
    content = (
      <EmptyState
        icon={<CalendarPlus aria-hidden="true" className="size-7" />}
        title={t('list.empty')}
        description={t('list.emptyHint')}
        action={create}
      />
    );
  } else {
    content = (
      <ul className="flex flex-col gap-3" data-testid="activity-list">
        {activities.data.map((activity) => {
          const zone = activity.meeting.time_zone;
          return (
            <li key={activity._id.$id}>
              <Link
                to={activityScreens.editor(meetingId, activity._id.$id)}
                className="block rounded-card focus-visible:outline-2 focus-visible:outline-primary"
              >
                <Card className="flex flex-col gap-2 p-4 transition-colors hover:bg-slate-50 desk:flex-row desk:items-center desk:gap-6">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-[15px] font-semibold text-slate-900">
                      {localize(activity.title, language) || t('list.untitled')}
                    </p>
                    <p className="text-[13px] text-slate-500">
                      {formatDate(activity.start * 1000, zone, language)} ·{' '}
                      {formatTimeRange(activity.start * 1000, activity.end * 1000, zone, language)}
                    </p>
                  </div>
                  <StatusBadges activity={activity} />
                  <dl className="flex gap-5 text-[13px] text-slate-600 desk:w-64 desk:justify-end">
                    <div>
                      <dt className="text-[11px] uppercase text-slate-400">{t('list.registrations')}</dt>
                      <dd dir="ltr" className="text-start">
                        {activity.ticket_total} / {activity.max || '∞'}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-[11px] uppercase text-slate-400">{t('list.ticketTypes')}</dt>
                      <dd>{activity.prices.length}</dd>
                    </div>
                    <div>
                      <dt className="text-[11px] uppercase text-slate-400">{t('list.views')}</dt>
                      <dd>{activity.views_total}</dd>
                    </div>
                  </dl>
                </Card>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ActivityPage
      title={t('list.title')}
      description={t('list.description')}
      actions={create}
      testId="console-activities"
    >
      {content}
    </ActivityPage>
  );
}
