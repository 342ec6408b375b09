import type { ConsoleDashboard } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, ClipboardCheck, Eye, Store, Ticket, UserCheck, Users } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/time.ts';
import { dashboardQueryOptions } from '../api/dashboard.ts';

/** uPlot and its styles load with the chart only, inside this screen (DESIGN §7, §10). */
const RegistrationsChart = lazy(() => import('../components/registrations-chart.tsx'));

const ranges = [7, 30, 90] as const;

/**
 * `#/console/meetings/:meetingId`: the meeting's dashboard (DESIGN §7) — figures as cards, the
 * registrations per day (dates in the meeting's time zone), by source and by ticket type, check-ins,
 * page views, and badges for what waits: registrations to review and new exhibitor applications.
 */
function DashboardRoute() {
  const { t } = useTranslation('console');
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const language = useLanguage();
  const [days, setDays] = useState<number>(30);
  const query = useQuery(dashboardQueryOptions(meetingId, days));
  const title = meeting ? localize(meeting.title, language) : '';

  return (
    <ConsolePage title={t('dashboard.title')} description={title} testId="console-dashboard">
      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DashboardBody data={query.data} meetingId={meetingId} days={days} onDays={setDays} />
      )}
    </ConsolePage>
  );
}

function DashboardBody({
  data,
  meetingId,
  days,
  onDays,
}: {
  data: ConsoleDashboard;
  meetingId: string;
  days: number;
  onDays: (days: number) => void;
}) {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const views =
    data.views.meeting + data.views.activities + data.views.exhibitors + data.views.exhibition_pages;
  const base = `/console/meetings/${meetingId}`;
  const { meeting } = useConsole();
  const can = (action: string) => meeting?.actions.includes(action as never) ?? false;

  return (
    <div className="space-y-5">
      {data.pending_review > 0 || data.new_applications > 0 ? (
        <div className="flex flex-wrap gap-2">
          {data.pending_review > 0 && can('registration.review') ? (
            <Badge
              to={`${base}/registrations?status=0`}
              label={t('dashboard.pendingReview', { n: data.pending_review })}
              testId="console-badge-review"
            />
          ) : null}
          {data.new_applications > 0 && can('exhibitor.manage') ? (
            <Badge
              to={`${base}/exhibitors/applications`}
              label={t('dashboard.newApplications', { n: data.new_applications })}
              testId="console-badge-applications"
            />
          ) : null}
        </div>
      ) : null}

      <div className="grid grid-cols-2 gap-3 desk:grid-cols-4">
        <Figure
          icon={<Ticket aria-hidden="true" className="size-5" />}
          label={t('dashboard.registrations')}
          value={number.format(data.registrations.total)}
          detail={t('dashboard.registeredDetail', {
            registered: number.format(data.registrations.registered + data.registrations.checked_in),
            rejected: number.format(data.registrations.rejected),
          })}
          testId="console-figure-registrations"
        />
        <Figure
          icon={<ClipboardCheck aria-hidden="true" className="size-5" />}
          label={t('dashboard.review')}
          value={number.format(data.registrations.review)}
          testId="console-figure-review"
        />
        <Figure
          icon={<UserCheck aria-hidden="true" className="size-5" />}
          label={t('dashboard.checkins')}
          value={number.format(data.checkins.total)}
          detail={t('dashboard.checkinsToday', { value: number.format(data.checkins.today) })}
          testId="console-figure-checkins"
        />
        <Figure
          icon={<Eye aria-hidden="true" className="size-5" />}
          label={t('dashboard.views')}
          value={number.format(views)}
          detail={t('dashboard.meetingViews', { value: number.format(data.views.meeting) })}
          testId="console-figure-views"
        />
        <Figure
          icon={<Store aria-hidden="true" className="size-5" />}
          label={t('dashboard.applications')}
          value={number.format(data.new_applications)}
          testId="console-figure-applications"
        />
        <Figure
          icon={<Users aria-hidden="true" className="size-5" />}
          label={t('dashboard.team')}
          value={number.format(data.team_size)}
          testId="console-figure-team"
        />
        <Figure
          label={t('dashboard.activityViews')}
          value={number.format(data.views.activities)}
          testId="console-figure-activity-views"
        />
        <Figure
          label={t('dashboard.exhibitorViews')}
          value={number.format(data.views.exhibitors + data.views.exhibition_pages)}
          testId="console-figure-exhibitor-views"
        />
      </div>

      <Card className="p-4 desk:p-5">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 className="text-[16px] font-semibold text-slate-900">{t('dashboard.perDay')}</h2>
            <p className="text-[13px] text-slate-500">
              {t('dashboard.perDayZone', { zone: data.time_zone })}
            </p>
          </div>
          <fieldset className="flex rounded-lg bg-slate-100 p-0.5" data-testid="console-dashboard-range">
            <legend className="sr-only">{t('dashboard.range')}</legend>
            {ranges.map((range) => (
              <button
                key={range}
                type="button"
                onClick={() => onDays(range)}
                aria-pressed={days === range}
                className={cx(
                  'h-8 rounded-md px-3 text-[13px]',
                  days === range ? 'bg-white font-medium text-slate-900 shadow-sm' : 'text-slate-600',
                )}
              >
                {t('dashboard.lastDays', { n: range })}
              </button>
            ))}
          </fieldset>
        </div>
        <Suspense fallback={<Skeleton className="h-[240px] w-full" />}>
          <RegistrationsChart days={data.days} />
        </Suspense>
      </Card>

      <div className="grid gap-3 desk:grid-cols-2">
        <Card className="p-4 desk:p-5">
          <h2 className="mb-3 text-[16px] font-semibold text-slate-900">{t('dashboard.bySource')}</h2>
          <Bars
            items={data.by_source.map((item) => ({
              key: item._id?.$id ?? 'none',
              label: item._id ? item.title || t('dashboard.untitledSource') : t('dashboard.noSource'),
              total: item.total,
            }))}
            testId="console-by-source"
          />
        </Card>
        <Card className="p-4 desk:p-5">
          <h2 className="mb-3 text-[16px] font-semibold text-slate-900">{t('dashboard.byTicketType')}</h2>
          <Bars
            items={data.by_ticket_type.map((item) => ({
              key: item._id.$id,
              label: localize(item.title, language) || t('dashboard.untitledType'),
              detail: localize(item.activity_title, language),
              total: item.total,
            }))}
            testId="console-by-ticket-type"
          />
        </Card>
      </div>
    </div>
  );
}

function Figure({
  icon,
  label,
  value,
  detail,
  testId,
}: {
  icon?: ReactNode;
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <Card className="p-4" data-testid={testId}>
      <p className="flex items-center gap-2 text-[13px] text-slate-500">
        {icon ? <span className="text-primary">{icon}</span> : null}
        <span className="min-w-0 break-words">{label}</span>
      </p>
      <p className="mt-2 text-[26px] leading-tight font-semibold text-slate-900 tabular-nums">{value}</p>
      {detail ? <p className="mt-1 text-[12px] text-slate-500">{detail}</p> : null}
    </Card>
  );
}

function Badge({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Link
      to={to}
      className="inline-flex h-9 items-center gap-2 rounded-full bg-red-50 ps-3 pe-2 text-[14px] font-medium text-red-700 ring-1 ring-red-100 hover:bg-red-100"
      data-testid={testId}
    >
      <span className="size-2 rounded-full bg-red-500" aria-hidden="true" />
      {label}
      <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
    </Link>
  );
}

/** Horizontal bars, longest first, each with its count; 'nothing yet' when empty. */
function Bars({
  items,
  testId,
}: {
  items: { key: string; label: string; detail?: string; total: number }[];
  testId: string;
}) {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const most = Math.max(1, ...items.map((item) => item.total));
  if (items.length === 0)
    return <p className="py-6 text-center text-[14px] text-slate-500">{t('dashboard.noData')}</p>;
  return (
    <ul className="space-y-3" data-testid={testId}>
      {items.map((item) => (
        <li key={item.key}>
          <div className="flex items-baseline justify-between gap-3 text-[14px]">
            <span className="flex min-w-0 items-baseline gap-1.5">
              <span className="truncate text-slate-800">{item.label}</span>
              {item.detail ? (
                <span className="truncate text-[12px] text-slate-500">{item.detail}</span>
              ) : null}
            </span>
            <span className="shrink-0 font-medium text-slate-900 tabular-nums">
              {number.format(item.total)}
            </span>
          </div>
          <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${(item.total / most) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true">
      <div className="grid grid-cols-2 gap-3 desk:grid-cols-4">
        {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
          <Skeleton key={key} className="h-[104px] rounded-card" />
        ))}
      </div>
      <Skeleton className="h-[320px] rounded-card" />
    </div>
  );
}

export { DashboardRoute as Component };
