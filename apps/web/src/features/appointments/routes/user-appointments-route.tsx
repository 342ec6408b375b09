import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { AppointmentList } from '../components/appointment-list.tsx';
import { AppointmentListSkeleton } from '../components/appointment-parts.tsx';

/**
 * /user/appointments (§2, login): the meeting requests the caller sent, by status, with withdraw,
 * cancel and remove where the server allows them.
 */
function UserAppointmentsRoute() {
  const { ready } = useTranslation('appointments');
  const { t: tc } = useTranslation('common');
  const meetingId = idOf(useMeeting());
  return (
    <div className="mx-auto max-w-[960px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.userAppointments')} />
      {ready ? <AppointmentList meetingId={meetingId} side="user" /> : <AppointmentListSkeleton />}
    </div>
  );
}

export { UserAppointmentsRoute as Component };
