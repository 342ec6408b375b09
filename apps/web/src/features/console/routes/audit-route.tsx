import type { AuditEntry } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowRight, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { currentDeviceZone, formatDate, formatTime } from '../../../lib/time.ts';
import { type AuditFilters, auditQueryOptions } from '../api/audit.ts';
import { changedKeys, readableValue } from '../audit-diff.ts';

/**
 * `#/console/meetings/:meetingId/audit` (DESIGN §7): who changed what and when, newest first, 50 at
 * a time ('load more'), filtered by entity and action, each row's before → after shown as the keys
 * that changed.
 */
function AuditRoute() {
  const { t } = useTranslation('console');
  const { meetingId = '' } = useParams();
  const [draft, setDraft] = useState<AuditFilters>({ entity: '', action: '' });
  const [filters, setFilters] = useState<AuditFilters>({ entity: '', action: '' });
  const query = useInfiniteQuery(auditQueryOptions(meetingId, filters));
  const rows = query.data?.pages.flat() ?? [];

  return (
    <ConsolePage title={t('audit.title')} description={t('audit.description')} testId="console-audit">
      <form
        className="mb-4 grid gap-3 desk:grid-cols-[1fr_1fr_auto] desk:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ entity: draft.entity.trim(), action: draft.action.trim() });
        }}
      >
        <Field
          label={t('audit.entity')}
          placeholder={t('audit.entityExample')}
          value={draft.entity}
          onChange={(event) => setDraft({ ...draft, entity: event.target.value })}
          dir="ltr"
          data-testid="console-audit-entity"
        />
        <Field
          label={t('audit.action')}
          placeholder={t('audit.actionExample')}
          value={draft.action}
          onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          dir="ltr"
          data-testid="console-audit-action"
        />
        <Button type="submit" variant="secondary" className="h-12">
          {t('audit.filter')}
        </Button>
      </form>
      <Card className="overflow-hidden">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={<ScrollText aria-hidden="true" className="size-7" />} title={t('audit.empty')} />
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="console-audit-list">
            {rows.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </Card>
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            data-testid="console-audit-more"
          >
            {query.isFetchingNextPage ? t('audit.loading') : t('audit.loadMore')}
          </Button>
        </div>
      ) : null}
    </ConsolePage>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('console');
  const language = useLanguage();
  // The meeting's zone like every time of a meeting (§3), with the zone named when the device reads it differently.
  const zone = useConsole().meeting?.time_zone ?? currentDeviceZone();
  const at = entry.created * 1000;
  const actor = entry.actor
    ? entry.actor.username || entry.actor.phone || entry.actor.email
    : t('audit.system');
  const keys = changedKeys(entry.before, entry.after);
  return (
    <li className="px-4 py-3 desk:px-5" data-testid="console-audit-row">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-[14px]">
        <span className="font-medium text-slate-900">{actor}</span>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-[12px] text-slate-700" dir="ltr">
          {entry.action}
        </code>
        <span className="text-slate-600" dir="ltr">
          {entry.entity}
          {entry.entity_id ? ` · ${entry.entity_id}` : ''}
        </span>
        <time className="ms-auto text-[12px] text-slate-500" dateTime={new Date(at).toISOString()}>
          {formatDate(at, zone, language)} {formatTime(at, zone, language)}
        </time>
      </div>
      {keys.length > 0 ? (
        <dl className="mt-2 space-y-1 text-[13px]">
          {keys.map((key) => (
            <div key={key} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <dt className="font-medium text-slate-600" dir="ltr">
                {key}
              </dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-1.5" dir="ltr">
                <span className="rounded bg-red-50 px-1.5 text-red-700 line-through decoration-red-300">
                  {readableValue(objectValue(entry.before, key)) || t('audit.none')}
                </span>
                <ArrowRight aria-hidden="true" className="size-3.5 text-slate-400" />
                <span className="rounded bg-emerald-50 px-1.5 text-emerald-700">
                  {readableValue(objectValue(entry.after, key)) || t('audit.none')}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

function objectValue(value: unknown, key: string): unknown {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

export { AuditRoute as Component };
