import { MessageCircleQuestion, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { useAskedEnterprise } from '../api/context.ts';
import { useQuestionPages } from '../api/questions.ts';
import { EnterpriseHeading } from '../components/enterprise-heading.tsx';
import { QuestionCard } from '../components/question-card.tsx';

/**
 * /meeting/enterprise/question/list?enterprise_id (§2, §4 Q&A): an enterprise's questions and
 * answers, newest first — the public ones, plus the caller's own private ones and, for its bound
 * exhibitor, every one — with "Ask a question" and "Ask for a price". Visitors may read it.
 */
function QuestionListRoute() {
  const { t, ready } = useTranslation('questions');
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const enterpriseId = idParam(search, 'enterprise_id');
  const enterprise = useAskedEnterprise(enterpriseId);
  const pages = useQuestionPages({ meetingId, enterpriseId }, enterpriseId !== undefined);

  if (!enterpriseId || enterprise.data === null) return <Navigate to={paths.notFound()} replace />;
  if (enterprise.data?.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;

  const questions = pages.data?.pages.flat() ?? [];
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={t('pages.list')} />
      {enterprise.data ? <EnterpriseHeading enterprise={enterprise.data} meetingId={meetingId} /> : null}
      <div className="grid grid-cols-2 gap-3">
        <ButtonLink to={questionPaths.ask({ meetingId, enterpriseId })} variant="primary" className="h-11">
          <MessageCircleQuestion aria-hidden="true" className="size-4" />
          {t('section.ask')}
        </ButtonLink>
        <ButtonLink
          to={questionPaths.askPrice({ meetingId, enterpriseId })}
          variant="secondary"
          className="h-11"
        >
          <Tag aria-hidden="true" className="size-4" />
          {t('section.askPrice')}
        </ButtonLink>
      </div>
      {!ready || pages.isPending || enterprise.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className="h-36 w-full rounded-card" />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : questions.length === 0 ? (
        <EmptyState
          icon={<MessageCircleQuestion aria-hidden="true" className="size-7" />}
          title={t('list.empty')}
          description={t('list.emptyHint')}
        />
      ) : (
        <>
          <ul className="space-y-3" data-testid="question-list">
            {questions.map((question) => (
              <li key={question._id.$id}>
                <QuestionCard question={question} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={pages.hasNextPage}
            isLoading={pages.isFetchingNextPage}
            onLoad={() => void pages.fetchNextPage()}
            loadLabel={t('list.loadMore')}
            loadingLabel={t('list.loading')}
            doneLabel={t('list.done')}
          />
        </>
      )}
    </div>
  );
}

export { QuestionListRoute as Component };
