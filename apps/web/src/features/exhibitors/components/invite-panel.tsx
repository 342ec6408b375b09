import { ChevronRight, Send, UserCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDate } from '../../../lib/time.ts';
import { useInviteReport } from '../api/invite-report.ts';

/**
 * The exhibitor's invitation results on /meeting/exhibitor/manage (§7 POST /enterprises/{id}/invites):
 * visitors who came through its invitation poster, the registrations they made afterwards, the
 * latest visitors, and a link to the poster to share it further.
 */
export function InvitePanel({ enterpriseId, meetingId }: { enterpriseId: string; meetingId: string }) {
  const { t, ready } = useTranslation('share');
  const language = useLanguage();
  const timeZone = useMeeting().time_zone;
  const report = useInviteReport(enterpriseId, meetingId);
  if (!ready || report.isPending) return <Skeleton className="h-40 rounded-card" />;
  if (report.isError) return <ErrorState onRetry={() => void report.refetch()} />;
  const { visitors_total: visitors, registrations_total: registrations, visitors: latest } = report.data;
  return (
    <section
      aria-labelledby="invite-panel-title"
      className="space-y-4 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100"
      data-testid="invite-panel"
    >
      <div>
        <h2 id="invite-panel-title" className="text-[16px] font-semibold text-slate-900">
          {t('invites.title')}
        </h2>
        <p className="mt-1 text-[13px] text-slate-500">{t('invites.intro')}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-card bg-primary/5 p-3">
          <dt className="flex items-center gap-1.5 text-[13px] text-slate-600">
            <Users aria-hidden="true" className="size-4 text-primary" />
            {t('invites.visitors')}
          </dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid="invite-visitors">
            {visitors.toLocaleString(language)}
          </dd>
        </div>
        <div className="rounded-card bg-primary/5 p-3">
          <dt className="flex items-center gap-1.5 text-[13px] text-slate-600">
            <UserCheck aria-hidden="true" className="size-4 text-primary" />
            {t('invites.registrations')}
          </dt>
          <dd
            className="mt-1 text-2xl font-bold text-slate-900 tabular-nums"
            data-testid="invite-registrations"
          >
            {registrations.toLocaleString(language)}
          </dd>
        </div>
      </dl>
      {latest.length === 0 ? (
        <p className="text-[14px] text-slate-500">{t('invites.empty')}</p>
      ) : (
        <div>
          <h3 className="text-[13px] font-medium text-slate-500">{t('invites.latest')}</h3>
          <ul className="mt-1 divide-y divide-slate-100">
            {latest.slice(0, 6).map((visitor, index) => (
              <li
                // Visitors carry no id on the wire; their order is stable (latest first).
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="flex items-center justify-between gap-3 py-2 text-[14px]"
              >
                <span className="min-w-0 truncate text-slate-800">
                  <bdi>{visitor.name || t('invites.anonymous')}</bdi>
                </span>
                <span className="flex shrink-0 items-center gap-2 text-[12px] text-slate-500">
                  {visitor.registered === 1 ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700">
                      {t('invites.registered')}
                    </span>
                  ) : null}
                  {formatDate(visitor.created * 1000, timeZone, language)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Link
        to={paths.invitation({ meetingId, enterpriseId })}
        className="flex items-center gap-2 text-[14px] font-medium text-primary"
        data-testid="invite-poster"
      >
        <Send aria-hidden="true" className="size-4" />
        <span className="flex-1">{t('invites.poster')}</span>
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Link>
    </section>
  );
}
