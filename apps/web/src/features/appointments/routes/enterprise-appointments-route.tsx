import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useAppointmentAuthentication } from '../api/authentication.ts';
import { AppointmentList } from '../components/appointment-list.tsx';
import { AppointmentListSkeleton } from '../components/appointment-parts.tsx';

/**
 * /enterprise/appointments (§2, §6, login): the requests to the enterprise the caller is bound to as
 * exhibitor, by status, with accept, decline, cancel and remove. Without a binding (is_authentication
 * says so, or the list answers 403) it points to /meeting/exhibitor/bind.
 */
function EnterpriseAppointmentsRoute() {
  const { t, ready } = useTranslation('appointments');
  const { t: tc } = useTranslation('common');
  const meetingId = idOf(useMeeting());
  const authentication = useAppointmentAuthentication(meetingId);

  const notBound = (
    <EmptyState
      icon={<Building2 aria-hidden="true" className="size-7" />}
      title={t('list.notExhibitorTitle')}
      action={
        <ButtonLink to={paths.exhibitor.bind({ meetingId })} variant="primary">
          {t('list.bind')}
        </ButtonLink>
      }
    />
  );

  let body = notBound;
  if (!ready || authentication.isPending) body = <AppointmentListSkeleton />;
  else if (authentication.isError) body = <ErrorState onRetry={() => void authentication.refetch()} />;
  else if (authentication.data.is_exhibitor === 1) {
    body = <AppointmentList meetingId={meetingId} side="enterprise" notBound={notBound} />;
  }
  return (
    <div className="mx-auto max-w-[960px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.enterpriseAppointments')} />
      {body}
    </div>
  );
}

export { EnterpriseAppointmentsRoute as Component };
