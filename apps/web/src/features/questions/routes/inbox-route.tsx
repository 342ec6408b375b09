import { Inbox, MessageCircleQuestion, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader, SectionTitle } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import type { InboxTab } from '../../../lib/questions-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { useExhibitorSide } from '../api/context.ts';
import { type InquirySide, useInquiryPages } from '../api/inquiries.ts';
import { type QuestionFilter, useQuestionPages } from '../api/questions.ts';
import { InquiryRow } from '../components/inquiry-row.tsx';
import { QuestionCard } from '../components/question-card.tsx';

/**
 * /meeting/exhibitor/ask/list (§2 exhibitor area): for the bound exhibitor, its enterprise's
 * questions (answer from here) and price inquiries (open a thread to reply); for everyone, what they
 * sent themselves ('Sent by me': their questions and inquiries).
 */
function InboxRoute() {
  const { t, ready } = useTranslation('questions');
  const meetingId = idOf(useMeeting());
  const isLoggedIn = useIsLoggedIn(meetingId);
  const side = useExhibitorSide(meetingId, isLoggedIn);
  const [tabParam, setTab] = useSearchState('tab');
  const ownEnterpriseId = side.data?.is_exhibitor === 1 ? side.data.enterprise_id?.$id : undefined;
  const tab: InboxTab =
    ownEnterpriseId && (tabParam === 'questions' || tabParam === 'inquiries' || !tabParam)
      ? ((tabParam as InboxTab | undefined) ?? 'questions')
      : 'mine';

  let body: ReactNode;
  if (!ready || side.isPending) {
    body = <ListSkeleton />;
  } else if (side.isError) {
    body = <ErrorState onRetry={() => void side.refetch()} />;
  } else if (tab === 'questions' && ownEnterpriseId) {
    body = <QuestionList filter={{ meetingId, enterpriseId: ownEnterpriseId }} showEnterprise={false} />;
  } else if (tab === 'inquiries') {
    body = <InquiryList meetingId={meetingId} side="enterprise" />;
  } else {
    body = (
      <div className="space-y-8">
        <section aria-labelledby="my-inquiries" className="space-y-3">
          <SectionTitle id="my-inquiries">{t('inbox.myInquiries')}</SectionTitle>
          <InquiryList meetingId={meetingId} side="user" />
        </section>
        <section aria-labelledby="my-questions" className="space-y-3">
          <SectionTitle id="my-questions">{t('inbox.myQuestions')}</SectionTitle>
          <QuestionList filter={{ meetingId, mine: true }} showEnterprise />
        </section>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={t('pages.inbox')} />
      {ownEnterpriseId ? (
        <Tabs
          label={t('pages.inbox')}
          value={tab}
          onChange={(value) => setTab(value)}
          items={[
            { value: 'questions', label: t('inbox.questions') },
            { value: 'inquiries', label: t('inbox.inquiries') },
            { value: 'mine', label: t('inbox.mine') },
          ]}
        />
      ) : null}
      {body}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {placeholderKeys(3).map((key) => (
        <Skeleton key={key} className="h-32 w-full rounded-card" />
      ))}
    </div>
  );
}

function QuestionList({ filter, showEnterprise }: { filter: QuestionFilter; showEnterprise: boolean }) {
  const { t } = useTranslation('questions');
  const pages = useQuestionPages(filter);
  if (pages.isPending) return <ListSkeleton />;
  if (pages.isError) return <ErrorState onRetry={() => void pages.refetch()} />;
  const questions = pages.data.pages.flat();
  if (questions.length === 0) {
    return (
      <EmptyState
        className="py-6"
        icon={<MessageCircleQuestion aria-hidden="true" className="size-7" />}
        title={t('inbox.emptyQuestions')}
      />
    );
  }
  return (
    <>
      <ul className="space-y-3" data-testid="inbox-questions">
        {questions.map((question) => (
          <li key={question._id.$id}>
            <QuestionCard question={question} showEnterprise={showEnterprise} />
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
  );
}

function InquiryList({ meetingId, side }: { meetingId: string; side: InquirySide }) {
  const { t } = useTranslation('questions');
  const pages = useInquiryPages({ meetingId, side });
  if (pages.isPending) return <ListSkeleton />;
  if (pages.isError) return <ErrorState onRetry={() => void pages.refetch()} />;
  const inquiries = pages.data.pages.flat();
  if (inquiries.length === 0) {
    return (
      <EmptyState
        className="py-6"
        icon={
          side === 'user' ? (
            <Tag aria-hidden="true" className="size-7" />
          ) : (
            <Inbox aria-hidden="true" className="size-7" />
          )
        }
        title={t('inbox.emptyInquiries')}
      />
    );
  }
  return (
    <>
      <ul className="space-y-3" data-testid={`inbox-inquiries-${side}`}>
        {inquiries.map((inquiry) => (
          <li key={inquiry._id.$id}>
            <InquiryRow inquiry={inquiry} meetingId={meetingId} />
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
  );
}

export { InboxRoute as Component };
