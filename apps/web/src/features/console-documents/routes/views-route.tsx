import type { ViewAnalyticsGroup } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { viewAnalyticsQueryOptions } from '../api/console-documents-api.ts';

/** Kinds shown as one figure (a single item: the meeting itself, its cover). */
const singleFigure = new Set<string>(['meeting', 'cover_show', 'cover_view', 'meeting_attachments']);

function GroupCard({ group }: { group: ViewAnalyticsGroup }) {
  const { t } = useTranslation('console-documents');
  const language = useLanguage();
  const number = new Intl.NumberFormat(language);
  const max = Math.max(1, ...group.top.map((item) => item.views_total));
  return (
    <Card className="p-4" data-testid={`views-${group.type}`}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-[15px] font-semibold text-slate-900">{t(`views.types.${group.type}`)}</h2>
        <p className="text-[22px] font-semibold text-slate-900 tabular-nums">{number.format(group.total)}</p>
      </div>
      {singleFigure.has(group.type) ? null : group.top.length === 0 ? (
        <p className="mt-3 text-[13px] text-slate-500">{t('views.none')}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {group.top.map((item) => {
            const title = localize(item.title, language) || (item.id ? item.id : t('views.wholePage'));
            return (
              <li key={item.id} className="text-[13px]">
                <div className="flex justify-between gap-3">
                  <bdi className="min-w-0 truncate text-slate-700">{title}</bdi>
                  <span className="shrink-0 text-slate-900 tabular-nums">
                    {number.format(item.views_total)}
                  </span>
                </div>
                <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className="h-full rounded-full bg-primary/70"
                    style={{ width: `${(item.views_total / max) * 100}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

/**
 * `#/console/meetings/:meetingId/views` (DESIGN §7, §7 `…/views`): how often each kind of thing of the
 * meeting was viewed — the home, the cover (shown, tapped), activities, exhibitors, enterprises,
 * products, documents, content pages, pavilion categories and areas — each with its total and its
 * ten most viewed items. Views are folded in every few seconds; the screen refreshes itself.
 */
function ViewsRoute() {
  const { t } = useTranslation('console-documents');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const query = useQuery(viewAnalyticsQueryOptions(meetingId));
  const groups = query.data?.groups ?? [];
  const hasAny = groups.some((group) => group.total > 0);
  return (
    <ConsolePage
      title={t('views.title')}
      description={
        query.data && query.data.pending > 0
          ? t('views.pending', {
              count: query.data.pending,
              formatted: new Intl.NumberFormat(language).format(query.data.pending),
            })
          : t('views.description')
      }
      testId="console-views"
    >
      {query.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : query.isError ? (
        <Card>
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : !hasAny ? (
        <Card>
          <EmptyState icon={<Eye aria-hidden="true" className="size-7" />} title={t('views.empty')} />
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 desk:grid-cols-3">
          {groups
            .filter((group) => group.total > 0 || singleFigure.has(group.type))
            .map((group) => (
              <GroupCard key={group.type} group={group} />
            ))}
        </div>
      )}
    </ConsolePage>
  );
}

export { ViewsRoute as Component };
