import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useSelfQuery } from '../api/reception.ts';
import { GuestNotFound } from '../components/guest-not-found.tsx';
import { SelfCard, SelfCardSkeleton } from '../components/self-card.tsx';

/**
 * /meeting/reception/guest (§2; §6 a guest on the list by phone or e-mail): the signed-in guest's own
 * arrangements, matched by their account's phone or e-mail; 'guest not found' (§8) with the code form.
 */
function SelfRoute() {
  const { t } = useTranslation('reception');
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const query = useSelfQuery(meetingId, undefined);
  return (
    <div
      className="mx-auto flex max-w-xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-self-page"
    >
      <h1 className="sr-only">{t('pages.self')}</h1>
      {query.isPending ? (
        <SelfCardSkeleton />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <GuestNotFound meetingId={meetingId} />
      ) : (
        query.data.map((guest) => <SelfCard key={guest._id.$id} guest={guest} timeZone={meeting.time_zone} />)
      )}
    </div>
  );
}

export { SelfRoute as Component };
