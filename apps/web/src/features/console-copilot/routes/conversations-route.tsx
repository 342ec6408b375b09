import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flag, MessagesSquare, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/time.ts';
import {
  type CopilotConversationSummary,
  conversationPageSize,
  conversationsQuery,
  idOf,
} from '../api/console-copilot-api.ts';
import { askerName, CopilotSections, formatWhen } from '../components/copilot-parts.tsx';
import { copilotScreens } from '../console-copilot-screens.ts';

/**
 * `#/console/meetings/:meetingId/copilot/conversations` (copilot.review; §1 copilot): visitors'
 * conversations with the copilot, newest first — only flagged ones or all (`?flagged=1`), a search
 * over titles and messages (`?q=`), pages of 20; a row opens the conversation to review and flag.
 */
function ConversationsRoute() {
  const { t } = useTranslation('console-copilot');
  const language = useLanguage();
  const locale = intlLocale(language);
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const [search, setSearch] = useSearchParams();
  const flagged = search.get('flagged') === '1' ? '1' : '';
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const list = useQuery({
    ...conversationsQuery(meetingId, flagged, q, page),
    placeholderData: keepPreviousData,
  });
  const update = (next: Record<string, string>) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        return params;
      },
      { replace: true },
    );

  const columns = useMemo<DataColumn<CopilotConversationSummary>[]>(
    () => [
      {
        id: 'title',
        header: t('conversations.title'),
        cell: (row) => (
          <Link
            to={copilotScreens.conversation(meetingId, idOf(row._id))}
            className="font-medium text-primary hover:underline"
            data-testid="copilot-conversation-link"
            dir="auto"
          >
            {row.title || t('conversations.untitled')}
          </Link>
        ),
      },
      {
        id: 'asker',
        header: t('conversations.asker'),
        cell: (row) => <bdi>{askerName(row.asker, t('conversations.anonymous'))}</bdi>,
      },
      {
        id: 'messages',
        header: t('conversations.messages'),
        cell: (row) => row.message_count,
        className: 'tabular-nums',
      },
      {
        id: 'flagged',
        header: t('conversations.flagged'),
        className: 'whitespace-nowrap',
        cell: (row) =>
          row.flagged_count > 0 ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-[12px] font-medium text-red-700 ring-1 ring-red-200">
              <Flag aria-hidden="true" className="size-3" />
              {row.flagged_count}
            </span>
          ) : (
            <span className="text-slate-400">—</span>
          ),
      },
      {
        id: 'updated',
        header: t('conversations.updated'),
        className: 'whitespace-nowrap',
        cell: (row) => formatWhen(row.updated_at, timeZone, locale),
      },
    ],
    [t, meetingId, timeZone, locale],
  );

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / conversationPageSize));
  return (
    <ConsolePage
      title={t('title')}
      description={t('conversations.description')}
      testId="console-copilot-conversations"
    >
      <CopilotSections meetingId={meetingId} />
      <div className="mb-4 flex flex-col gap-3 desk:flex-row desk:items-end desk:justify-between">
        <Chips
          label={t('conversations.filter')}
          allLabel={t('conversations.all')}
          options={[{ value: '1', label: t('conversations.onlyFlagged') }]}
          value={flagged || undefined}
          onChange={(value) => update({ flagged: value ?? '', page: '' })}
        />
        <form
          className="desk:w-80"
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: typed.trim(), page: '' });
          }}
        >
          <Field
            label={t('conversations.search')}
            isLabelHidden
            type="search"
            name="q"
            value={typed}
            maxLength={100}
            placeholder={t('conversations.searchPlaceholder')}
            start={<Search aria-hidden="true" className="size-4 shrink-0 text-slate-400" />}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </div>
      <Card>
        {list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <TableSkeleton rows={6} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            icon={<MessagesSquare aria-hidden="true" className="size-7" />}
            title={flagged || q ? t('conversations.noMatch') : t('conversations.empty')}
            description={flagged || q ? undefined : t('conversations.emptyHint')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={list.data.items}
            rowKey={(row) => idOf(row._id)}
            caption={t('conversations.caption')}
            testId="copilot-conversations-table"
          />
        )}
      </Card>
      {pages > 1 ? (
        <div className="mt-4 flex items-center justify-center gap-3 text-sm text-slate-600">
          <Button
            size="sm"
            variant="secondary"
            disabled={page <= 1}
            onClick={() => update({ page: String(page - 1) })}
          >
            {t('conversations.previous')}
          </Button>
          <span className="tabular-nums">{t('conversations.page', { page, pages })}</span>
          <Button
            size="sm"
            variant="secondary"
            disabled={page >= pages}
            onClick={() => update({ page: String(page + 1) })}
          >
            {t('conversations.next')}
          </Button>
        </div>
      ) : null}
    </ConsolePage>
  );
}

export { ConversationsRoute as Component };
