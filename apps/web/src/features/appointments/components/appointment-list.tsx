import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { usePendingAppointmentCount } from '../api/count-appointments.ts';
import { type AppointmentSide, useAppointmentPages } from '../api/list-appointments.ts';
import { AppointmentCard } from './appointment-card.tsx';
import { AppointmentListSkeleton } from './appointment-parts.tsx';
import {
  type AppointmentTab,
  appointmentTabs,
  statusParamOfTab,
  tabOfStatusParam,
} from './appointment-view.ts';

/**
 * The tabs and cards of /user/appointments and /enterprise/appointments: All, Pending (with the
 * pending count), Accepted, Declined, Withdrawn, Cancelled; 20 at a time with load more. The tab lives
 * in the address (`status`). A 403 on the enterprise side shows `notBound`.
 */
export function AppointmentList({
  meetingId,
  side,
  notBound,
}: {
  meetingId: string;
  side: AppointmentSide;
  notBound?: ReactNode;
}) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation('common');
  const [statusParam, setStatusParam] = useSearchState('status');
  const tab = tabOfStatusParam(statusParam);
  const pages = useAppointmentPages({ meetingId, side, tab });
  const pending = usePendingAppointmentCount(meetingId, side);

  const isForbidden = pages.error instanceof ApiError && pages.error.status === 403;
  if (isForbidden && notBound) return <>{notBound}</>;

  const items = pages.data?.pages.flat() ?? [];
  let body: ReactNode;
  if (pages.isPending) body = <AppointmentListSkeleton />;
  else if (pages.isError) body = <ErrorState onRetry={() => void pages.refetch()} />;
  else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<CalendarClock aria-hidden="true" className="size-7" />}
        title={t('list.emptyTitle')}
        description={side === 'user' ? t('list.emptyMine') : t('list.emptyEnterprise')}
        action={
          side === 'user' ? (
            <ButtonLink to={paths.exhibit.pavilion({ meetingId })} variant="secondary">
              {t('list.browse')}
            </ButtonLink>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="appointment-list">
          {items.map((appointment) => (
            <li key={appointment._id.$id}>
              <AppointmentCard appointment={appointment} />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={pages.hasNextPage}
          isLoading={pages.isFetchingNextPage}
          onLoad={() => void pages.fetchNextPage()}
          loadLabel={tc('actions.loadMore')}
          loadingLabel={tc('states.loadingMore')}
          doneLabel={tc('states.allLoaded')}
        />
      </>
    );
  }

  const pendingCount = pending.data ?? 0;
  return (
    <div className="space-y-4">
      <Tabs
        className="pt-2"
        label={t('tabs.label')}
        value={tab}
        onChange={(next) => setStatusParam(statusParamOfTab(next as AppointmentTab))}
        items={appointmentTabs.map((value) => ({
          value,
          label: t(`tabs.${value}`),
          badge: value === 'pending' && pendingCount > 0 ? String(pendingCount) : undefined,
        }))}
      />
      {body}
    </div>
  );
}
