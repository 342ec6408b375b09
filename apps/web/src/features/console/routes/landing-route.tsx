import type { ConsoleMeetingSummary } from '@app/contracts';
import { localize } from '@app/domain';
import { CalendarDays, ChevronRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ConsolePage } from '../../../components/ui/console-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDateRange } from '../../../lib/time.ts';

/**
 * `#/console`: the caller's meetings as cards (GET /console/me, DESIGN §7), each opening its
 * dashboard; platform administrators also get 'Create meeting' (`#/console/meetings/new`).
 */
function LandingRoute() {
  const { t } = useTranslation('console');
  const { me } = useConsole();
  return (
    <ConsolePage
      title={t('landing.title')}
      description={t('landing.description')}
      testId="console-landing"
      actions={
        me.is_admin === 1 ? (
          <ButtonLink to="/console/meetings/new" size="sm">
            <Plus aria-hidden="true" className="size-4" />
            {t('landing.createMeeting')}
          </ButtonLink>
        ) : null
      }
    >
      {me.meetings.length === 0 ? (
        <div className="rounded-card bg-white ring-1 ring-slate-900/[0.06]">
          <EmptyState
            icon={<CalendarDays aria-hidden="true" className="size-7" />}
            title={t('landing.emptyTitle')}
            description={me.is_admin === 1 ? t('landing.emptyAdmin') : t('landing.emptyBody')}
          />
        </div>
      ) : (
        <ul className="grid gap-3 desk:grid-cols-2">
          {me.meetings.map((meeting) => (
            <li key={meeting._id.$id}>
              <MeetingCard meeting={meeting} />
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}

function MeetingCard({ meeting }: { meeting: ConsoleMeetingSummary }) {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const title = localize(meeting.title, language) || t('landing.untitled');
  return (
    <Link
      to={`/console/meetings/${meeting._id.$id}`}
      className="flex items-center gap-4 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06] transition hover:shadow-md"
      data-testid="console-meeting-card"
    >
      {meeting.cover ? (
        <img src={meeting.cover} alt="" className="size-16 shrink-0 rounded-xl object-cover" loading="lazy" />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <CalendarDays aria-hidden="true" className="size-7" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[16px] font-semibold text-slate-900">{title}</span>
        <span className="mt-0.5 block text-[13px] text-slate-500">
          {formatDateRange(meeting.start * 1000, meeting.end * 1000, meeting.time_zone, language)}
        </span>
        <span className="mt-2 flex flex-wrap gap-1.5">
          {meeting.roles.map((role) => (
            <span key={role} className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] text-slate-600">
              {t(`roles.${role}`)}
            </span>
          ))}
          {meeting.old === 1 ? (
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-[12px] text-amber-700">
              {t('landing.archived')}
            </span>
          ) : null}
          {meeting.deleted === 1 ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-[12px] text-red-700">
              {t('landing.deleted')}
            </span>
          ) : null}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}

export { LandingRoute as Component };
