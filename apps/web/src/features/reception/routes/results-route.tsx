import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useSelfQuery } from '../api/reception.ts';
import { GuestRowsSkeleton } from '../components/desk-frame.tsx';
import { GuestNotFound } from '../components/guest-not-found.tsx';

/**
 * /meeting/reception/query/guest/results (§2): the guest records found by the code (`code`) or the
 * account's phone or e-mail; each opens its arrangements. None → 'guest not found' (§8).
 */
function ResultsRoute() {
  const { t } = useTranslation('reception');
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [code] = useSearchState('code');
  const query = useSelfQuery(meetingId, code);
  return (
    <div
      className="mx-auto flex max-w-xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-results-page"
    >
      <h1 className="font-semibold text-[20px] text-slate-900">{t('query.results')}</h1>
      {query.isPending ? (
        <GuestRowsSkeleton count={2} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <GuestNotFound meetingId={meetingId} />
      ) : (
        <ul className="flex flex-col gap-2">
          {query.data.map((guest) => (
            <li key={guest._id.$id}>
              <Link
                to={receptionPaths.result({ meetingId, guestId: guest._id.$id, code })}
                className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-100"
              >
                <Avatar name={guest.name} photo={guest.photo} className="size-12 text-lg" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-[16px] text-slate-900">{guest.name}</span>
                  <span className="block truncate text-[13px] text-slate-500">
                    {t('query.phases', {
                      received: guest.phases.filter((phase) => phase.status === 1).length,
                      total: guest.phases.length,
                    })}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:rotate-180" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { ResultsRoute as Component };
