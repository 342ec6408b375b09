import type { Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { CalendarDays, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { cardClass } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { formatDate, formatTimeParts } from '../../../lib/time.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useMyTickets } from '../api/my-tickets.ts';
import { TicketListSkeleton } from '../components/list-skeleton.tsx';
import { TicketStatusBadge } from '../components/ticket-status.tsx';

type Tab = 'upcoming' | 'past';
type EventItem = { activity: NonNullable<Ticket['activity']>; ticket: Ticket };

/** One entry per activity (the caller's most advanced ticket of it), rejected registrations left out. */
function eventsOf(tickets: Ticket[]): EventItem[] {
  const byActivity = new Map<string, EventItem>();
  for (const ticket of tickets) {
    if (!ticket.activity || ticket.status === 2) continue;
    const key = ticket.activity_id.$id;
    const known = byActivity.get(key);
    if (!known || ticket.status > known.ticket.status)
      byActivity.set(key, { activity: ticket.activity, ticket });
  }
  return [...byActivity.values()];
}

/**
 * /my/event (§2 Personal, login): the activities the caller registered for, in Upcoming and Past
 * tabs, grouped by day in the meeting's time zone (upcoming soonest first, past latest first).
 */
function MyEventRoute() {
  const { t, ready } = useTranslation('tickets');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const tickets = useMyTickets(meetingId);
  const now = Math.floor(useNow() / 1000);
  const [tabParam, setTab] = useSearchState('tab');
  const tab: Tab = tabParam === 'past' ? 'past' : 'upcoming';

  let body: ReactNode;
  if (!ready || tickets.isPending) body = <TicketListSkeleton height="h-24" />;
  else if (tickets.isError) body = <ErrorState onRetry={() => void tickets.refetch()} />;
  else {
    const isPast = (item: EventItem) => Math.max(item.activity.end, item.activity.start) < now;
    const items = eventsOf(tickets.data)
      .filter((item) => isPast(item) === (tab === 'past'))
      .sort((a, b) =>
        tab === 'past' ? b.activity.start - a.activity.start : a.activity.start - b.activity.start,
      );
    if (items.length === 0) {
      body = (
        <EmptyState
          icon={<CalendarDays aria-hidden="true" className="size-7" />}
          title={tab === 'past' ? t('events.emptyPast') : t('events.emptyUpcoming')}
          description={t('events.emptyDescription')}
          action={
            <ButtonLink to={activityPaths.activity.list({ meetingId })} variant="secondary">
              {t('myTickets.browse')}
            </ButtonLink>
          }
        />
      );
    } else {
      const days: { label: string; items: EventItem[] }[] = [];
      for (const item of items) {
        const label = formatDate(item.activity.start * 1000, meeting.time_zone, language, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        });
        const last = days.at(-1);
        if (last?.label === label) last.items.push(item);
        else days.push({ label, items: [item] });
      }
      body = (
        <div className="space-y-6" data-testid={`events-${tab}`}>
          {days.map((day) => (
            <section key={day.label}>
              <h2 className="mb-2 text-[14px] font-semibold text-slate-500">{day.label}</h2>
              <ul className="space-y-3">
                {day.items.map((item) => (
                  <li key={item.activity._id.$id}>
                    <EventRow item={item} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      );
    }
  }

  const tabs: { value: Tab; label: string }[] = [
    { value: 'upcoming', label: t('events.upcoming') },
    { value: 'past', label: t('events.past') },
  ];
  return (
    <div className="mx-auto max-w-[720px] space-y-4 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.myEvent')} />
      <div role="tablist" aria-label={t('events.tabsLabel')} className="flex gap-6 border-b border-slate-200">
        {tabs.map((item) => (
          <button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={item.value === tab}
            onClick={() => setTab(item.value === 'upcoming' ? undefined : item.value)}
            className={cx(
              '-mb-px border-b-2 px-1 py-3 text-[15px] font-medium',
              item.value === tab ? 'border-primary text-primary' : 'border-transparent text-slate-500',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">{body}</div>
    </div>
  );
}

function EventRow({ item }: { item: EventItem }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const meeting = useMeeting();
  const { activity, ticket } = item;
  const start = formatTimeParts(activity.start * 1000, meeting.time_zone, language);
  const place =
    localize(activity.address, language).trim() || (activity.offline === 0 ? t('ticket.online') : '');
  return (
    <Link
      to={activityPaths.activity.detail({ meetingId: meeting._id.$id, activityId: activity._id.$id })}
      className={cx(cardClass, 'flex gap-4 p-4 transition hover:ring-primary/25')}
    >
      <span className="flex w-14 shrink-0 flex-col tabular-nums">
        <span className="text-[15px] font-semibold text-primary">{start.time}</span>
        <span className="text-[12px] text-slate-400">
          {formatTimeParts(activity.end * 1000, meeting.time_zone, language).time}
        </span>
        {start.zone ? (
          <span data-testid="time-zone" className="text-[11px] text-slate-400">
            {start.zone}
          </span>
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">
          <bdi>{localize(activity.title, language)}</bdi>
        </span>
        {place ? (
          <span className="mt-1 flex items-center gap-1 text-[13px] text-slate-500">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{place}</span>
          </span>
        ) : null}
      </span>
      <TicketStatusBadge status={ticket.status} className="self-start" />
    </Link>
  );
}

export { MyEventRoute as Component };
