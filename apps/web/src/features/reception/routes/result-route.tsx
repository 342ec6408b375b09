import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useSelfQuery } from '../api/reception.ts';
import { GuestNotFound } from '../components/guest-not-found.tsx';
import { SelfCard, SelfCardSkeleton } from '../components/self-card.tsx';

/**
 * /meeting/reception/query/guest/results/{guestId} (§2): one record found by the query, with its
 * arrangements; a record the caller cannot see → 'guest not found' (§8).
 */
function ResultRoute() {
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const { guestId = '' } = useParams();
  const [code] = useSearchState('code');
  const query = useSelfQuery(meetingId, code);
  const guest = query.data?.find((item) => item._id.$id === guestId);
  return (
    <div
      className="mx-auto flex max-w-xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-result-page"
    >
      {query.isPending ? (
        <SelfCardSkeleton />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : !guest ? (
        <GuestNotFound meetingId={meetingId} />
      ) : (
        <SelfCard guest={guest} timeZone={meeting.time_zone} />
      )}
    </div>
  );
}

export { ResultRoute as Component };
