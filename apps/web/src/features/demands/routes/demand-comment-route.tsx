import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SkeletonText } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { demandPaths } from '../../../lib/demands-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useDemand } from '../api/demands.ts';
import { CommentForm } from '../components/comment-form.tsx';

/**
 * /demand/comment/{type}?demand_id=… (§2 comment form): the demand's title and the comment box
 * (§6: participants only; the comment reveals the commenter's contact to the poster); back to the
 * demand once sent. A missing or unknown demand opens /404; a closed one says so.
 */
function DemandCommentRoute() {
  const { t } = useTranslation('demands');
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const navigate = useNavigate();
  const [demandId] = useSearchState('demand_id');
  const demand = useDemand(demandId);
  if (!demandId) return <Navigate to={paths.notFound()} replace />;
  if (demand.isPending) return <SkeletonText lines={4} className="p-4" />;
  if (demand.isError) {
    if (demand.error instanceof ApiError && demand.error.status < 500 && demand.error.status !== 401)
      return <Navigate to={paths.notFound()} replace />;
    return <ErrorState className="py-24" onRetry={() => void demand.refetch()} />;
  }
  const detail = demandPaths.detail({ meetingId, demandId });
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <Link
        to={detail}
        className="inline-flex w-fit items-center gap-1 text-sm text-slate-500 hover:text-slate-800"
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('pages.detail')}
      </Link>
      <PageHeader title={t('pages.comment')} subtitle={demand.data.title} />
      {demand.data.state === 'open' ? (
        <CommentForm
          meetingId={meetingId}
          demandId={demandId}
          onPosted={() => navigate(detail, { replace: true })}
        />
      ) : (
        <p className="rounded-card bg-slate-100 px-4 py-3 text-sm text-slate-600">{t('form.closedItem')}</p>
      )}
    </div>
  );
}

export { DemandCommentRoute as Component };
