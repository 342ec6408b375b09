import type { ConsoleInquiry, ConsoleQuestion } from '@app/contracts';
import { localize } from '@app/domain';
import { formatMoney } from '@app/domain/money';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, MessageCircleQuestion } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { formatDate } from '../../../lib/time.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import {
  consoleInquiriesQueryOptions,
  consoleQuestionsPageSize,
  consoleQuestionsQueryOptions,
} from '../api/console-questions-api.ts';

type ItemState = ConsoleQuestion['state'];

const stateClass: Record<ItemState, string> = {
  visible: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  review: 'bg-amber-50 text-amber-800 ring-amber-200',
  blocked: 'bg-red-50 text-red-700 ring-red-200',
  deleted: 'bg-slate-100 text-slate-600 ring-slate-200',
};

function StateBadge({ state }: { state: ItemState }) {
  const { t } = useTranslation('console-questions');
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${stateClass[state]}`}
    >
      {t(`states.${state}`)}
    </span>
  );
}

/**
 * `#/console/meetings/:meetingId/questions` (DESIGN §7; §3 Question, Price inquiry): two read-only
 * tables — the meeting's questions (company, asker, question, answer, public or private, moderation
 * state; filter answered / unanswered; a link to the company's public Q&A) and its price inquiries
 * (company, product, inquirer, target price, open or closed, replies). Blocking happens in the
 * moderation queue.
 */
function QuestionsTableRoute() {
  const { t } = useTranslation('console-questions');
  const [tab = 'questions', setTab] = useSearchState('tab');
  return (
    <ConsolePage title={t('title')} description={t('intro')} testId="console-questions">
      <Tabs
        label={t('title')}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'questions', label: t('tabs.questions') },
          { value: 'inquiries', label: t('tabs.inquiries') },
        ]}
        className="mb-4"
      />
      {tab === 'inquiries' ? <InquiriesTable /> : <QuestionsTable />}
    </ConsolePage>
  );
}

function useDate() {
  const language = useLanguage();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  return (seconds: number) =>
    formatDate(seconds * 1000, timeZone, language, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
}

function Pager({ total, skip, onSkip }: { total: number; skip: number; onSkip: (skip: number) => void }) {
  const { t } = useTranslation('console-questions');
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
      <span>{t('total', { count: total })}</span>
      {total > consoleQuestionsPageSize ? (
        <span className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={skip === 0}
            onClick={() => onSkip(Math.max(0, skip - consoleQuestionsPageSize))}
            aria-label={t('previous')}
          >
            ‹
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={skip + consoleQuestionsPageSize >= total}
            onClick={() => onSkip(skip + consoleQuestionsPageSize)}
            aria-label={t('next')}
          >
            ›
          </Button>
        </span>
      ) : null}
    </div>
  );
}

function QuestionsTable() {
  const { t } = useTranslation('console-questions');
  const language = useLanguage();
  const date = useDate();
  const { meetingId = '' } = useParams();
  const [answered, setAnswered] = useState<'0' | '1' | undefined>();
  const [skip, setSkip] = useState(0);
  const list = useQuery(consoleQuestionsQueryOptions(meetingId, { answered }, skip));

  const columns = useMemo<DataColumn<ConsoleQuestion>[]>(
    () => [
      {
        id: 'enterprise',
        header: t('columns.enterprise'),
        cell: (row) => (
          <bdi className="font-medium text-slate-900">{localize(row.enterprise_title, language)}</bdi>
        ),
      },
      { id: 'asker', header: t('columns.asker'), cell: (row) => <bdi>{row.username || t('none')}</bdi> },
      {
        id: 'question',
        header: t('columns.question'),
        cell: (row) => (
          <p
            dir="auto"
            className="line-clamp-3 max-w-[320px] break-words text-sm"
            data-testid="console-question-row"
          >
            {row.content}
          </p>
        ),
      },
      {
        id: 'answer',
        header: t('columns.answer'),
        cell: (row) =>
          row.answer ? (
            <span className="flex flex-col items-start gap-1">
              <p dir="auto" className="line-clamp-3 max-w-[320px] break-words text-sm">
                {row.answer}
              </p>
              {row.answer_state !== 'visible' ? <StateBadge state={row.answer_state} /> : null}
            </span>
          ) : (
            <span className="text-slate-400">{t('filters.unanswered')}</span>
          ),
      },
      {
        id: 'visibility',
        header: t('columns.visibility'),
        cell: (row) => (row.is_public === 1 ? t('public') : t('private')),
      },
      { id: 'state', header: t('columns.state'), cell: (row) => <StateBadge state={row.state} /> },
      {
        id: 'created',
        header: t('columns.created'),
        cell: (row) => <span className="text-sm whitespace-nowrap text-slate-600">{date(row.created)}</span>,
      },
      {
        id: 'open',
        header: '',
        cell: (row) => (
          <a
            href={`#${questionPaths.list({ meetingId, enterpriseId: row.enterprise_id.$id })}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-9 items-center gap-1 rounded-button px-3 text-sm text-primary hover:bg-primary/10"
            aria-label={localize(row.enterprise_title, language)}
          >
            <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </a>
        ),
      },
    ],
    [t, language, date, meetingId],
  );

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-100 p-4">
        <Chips
          label={t('columns.answer')}
          allLabel={t('filters.all')}
          value={answered}
          onChange={(value) => {
            setAnswered(value as '0' | '1' | undefined);
            setSkip(0);
          }}
          options={[
            { value: '1', label: t('filters.answered') },
            { value: '0', label: t('filters.unanswered') },
          ]}
        />
      </div>
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<MessageCircleQuestion aria-hidden="true" className="size-7" />}
          title={t('empty')}
        />
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={list.data.items}
            rowKey={(row) => row._id.$id}
            caption={t('tabs.questions')}
            testId="console-questions-table"
          />
          <Pager total={list.data.total} skip={skip} onSkip={setSkip} />
        </>
      )}
    </Card>
  );
}

function InquiriesTable() {
  const { t } = useTranslation('console-questions');
  const language = useLanguage();
  const date = useDate();
  const { meetingId = '' } = useParams();
  const [status, setStatus] = useState<'open' | 'closed' | undefined>();
  const [skip, setSkip] = useState(0);
  const list = useQuery(consoleInquiriesQueryOptions(meetingId, { status }, skip));

  const columns = useMemo<DataColumn<ConsoleInquiry>[]>(
    () => [
      {
        id: 'enterprise',
        header: t('columns.enterprise'),
        cell: (row) => (
          <bdi className="font-medium text-slate-900">{localize(row.enterprise_title, language)}</bdi>
        ),
      },
      {
        id: 'product',
        header: t('columns.product'),
        cell: (row) => <bdi>{row.product_title ? localize(row.product_title, language) : t('none')}</bdi>,
      },
      { id: 'asker', header: t('columns.asker'), cell: (row) => <bdi>{row.username || t('none')}</bdi> },
      {
        id: 'inquiry',
        header: t('columns.inquiry'),
        cell: (row) => (
          <p
            dir="auto"
            className="line-clamp-3 max-w-[320px] break-words text-sm"
            data-testid="console-inquiry-row"
          >
            {row.content}
          </p>
        ),
      },
      {
        id: 'amount',
        header: t('columns.amount'),
        className: 'text-end tabular-nums',
        cell: (row) =>
          row.amount === null ? t('none') : formatMoney(row.amount, 'CNY', language, { zeroAsFree: false }),
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: (row) => (row.status === 'open' ? t('open') : t('closed')),
      },
      {
        id: 'replies',
        header: t('columns.replies'),
        className: 'text-end tabular-nums',
        cell: (row) => row.message_total,
      },
      { id: 'state', header: t('columns.state'), cell: (row) => <StateBadge state={row.state} /> },
      {
        id: 'last',
        header: t('columns.lastActivity'),
        cell: (row) => (
          <span className="text-sm whitespace-nowrap text-slate-600">{date(row.last_message_at)}</span>
        ),
      },
    ],
    [t, language, date],
  );

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-100 p-4">
        <Chips
          label={t('columns.status')}
          allLabel={t('filters.all')}
          value={status}
          onChange={(value) => {
            setStatus(value as 'open' | 'closed' | undefined);
            setSkip(0);
          }}
          options={[
            { value: 'open', label: t('filters.open') },
            { value: 'closed', label: t('filters.closed') },
          ]}
        />
      </div>
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<MessageCircleQuestion aria-hidden="true" className="size-7" />}
          title={t('empty')}
        />
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={list.data.items}
            rowKey={(row) => row._id.$id}
            caption={t('tabs.inquiries')}
            testId="console-inquiries-table"
          />
          <Pager total={list.data.total} skip={skip} onSkip={setSkip} />
        </>
      )}
    </Card>
  );
}

export const Component = QuestionsTableRoute;
