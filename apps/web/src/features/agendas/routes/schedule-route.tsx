import { type Language, localize, toMilliseconds } from '@app/domain';
import { CalendarX2, Clock, Globe } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader, SectionLink } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { scrollToAnchorWhenReady, scrollToElementId } from '../../../lib/anchor.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { livePaths } from '../../../lib/lives-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { formatDate, formatTime, formatTimeParts, zoneLabel } from '../../../lib/time.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { dateKey, differsFromDevice } from '../../../lib/zoned-days.ts';
import { useAgenda } from '../api/get-agenda.ts';
import { useDayAgendas, useLiveCount } from '../api/list-agendas.ts';
import {
  applyFilters,
  filterOptions,
  groupByStart,
  nowLineIndex,
  pickDay,
  scheduleDays,
} from '../components/schedule-model.ts';
import { SessionCard } from '../components/session-card.tsx';

const nowLineId = 'agenda-now';

/** /agenda and /meeting/agenda/schedule: day tabs, room and track filters, sessions by start time. */
function ScheduleRoute() {
  const { t } = useTranslation(['agendas', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const timeZone = meeting.time_zone;
  const now = useNow();
  const [dayParam, setDay] = useSearchState('day');
  const [roomId, setRoom] = useSearchState('room');
  const [trackId, setTrack] = useSearchState('track');
  const [agendaId] = useSearchState('agenda_id');
  const liveCount = useLiveCount(meetingId);
  const livesLink =
    (liveCount.data?.total ?? 0) > 0 ? (
      <SectionLink to={livePaths.list({ meetingId })}>{t('schedule.lives')}</SectionLink>
    ) : null;

  // A linked session opens on its own day.
  const linked = useAgenda(dayParam ? undefined : agendaId);
  const linkedDay = linked.data ? dateKey(toMilliseconds(linked.data.start), timeZone) : undefined;
  const isWaitingForLinked = agendaId !== undefined && !dayParam && linked.isPending;

  const days = useMemo(() => scheduleDays(meeting), [meeting]);
  const day = pickDay(days, dayParam ?? linkedDay, now);
  const isToday = day !== undefined && day.start <= now && now < day.end;
  const sessions = useDayAgendas(
    meetingId,
    isWaitingForLinked || !day ? undefined : { start: day.start, end: day.end },
  );

  const options = useMemo(
    () => filterOptions(sessions.data ?? [], (name) => localize(name, language)),
    [sessions.data, language],
  );
  const visible = useMemo(
    () => applyFilters(sessions.data ?? [], { roomId, trackId }),
    [sessions.data, roomId, trackId],
  );
  const groups = useMemo(() => groupByStart(visible), [visible]);
  const nowIndex = isToday ? nowLineIndex(groups, now) : -1;

  // Scroll once per day view: to the linked session, or to "now" on today.
  const scrolledFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!day || !sessions.data || scrolledFor.current === day.date) return;
    scrolledFor.current = day.date;
    if (agendaId) return scrollToAnchorWhenReady(`agenda-${agendaId}`);
    if (isToday) return scrollToAnchorWhenReady(nowLineId);
  }, [day, sessions.data, agendaId, isToday]);

  const showZone = day ? differsFromDevice(timeZone, day.start) : false;
  const dayTabs = days.map((item) => ({
    value: item.date,
    sublabel: formatDate(item.start + 12 * 3_600_000, timeZone, language, { weekday: 'short' }),
    label: formatDate(item.start + 12 * 3_600_000, timeZone, language, { day: 'numeric', month: 'short' }),
    badge: item.start <= now && now < item.end ? t('common:time.today') : undefined,
  }));

  const changeDay = (date: string) => {
    setDay(date);
    scrolledFor.current = undefined;
  };

  const filters = (
    <div className="space-y-3">
      {options.rooms.length > 1 ? (
        <Chips
          label={t('schedule.rooms')}
          allLabel={t('schedule.allRooms')}
          options={options.rooms}
          value={roomId}
          onChange={setRoom}
        />
      ) : null}
      {options.tracks.length > 1 ? (
        <Chips
          label={t('schedule.tracks')}
          allLabel={t('schedule.allTracks')}
          options={options.tracks}
          value={trackId}
          onChange={setTrack}
        />
      ) : null}
    </div>
  );

  if (days.length === 0) {
    return (
      <EmptyState
        className="py-24"
        icon={<CalendarX2 className="size-7" />}
        title={t('schedule.noProgramme')}
      />
    );
  }

  return (
    <div className="px-4 pt-4 pb-6 desk:px-0 desk:pt-8">
      <PageHeader
        className="mb-5 max-desk:hidden"
        title={t('common:pages.agenda')}
        subtitle={localize(meeting.title, language)}
        actions={livesLink}
      />
      {livesLink ? <div className="mb-2 flex justify-end desk:hidden">{livesLink}</div> : null}
      <Tabs
        label={t('schedule.days')}
        items={dayTabs}
        value={day?.date ?? ''}
        onChange={changeDay}
        className="pb-1"
      />

      <div className="mt-4 desk:grid desk:grid-cols-[260px_minmax(0,1fr)] desk:gap-8">
        <aside className="desk:sticky desk:top-24 desk:self-start">
          <div className="desk:space-y-5 desk:rounded-card desk:bg-white desk:p-5 desk:ring-1 desk:ring-slate-900/[0.06]">
            <h2 className="mb-3 hidden text-sm font-semibold text-slate-900 desk:block">
              {t('schedule.filters')}
            </h2>
            {sessions.data ? filters : <Skeleton className="h-8 w-full" />}
            {showZone ? (
              <p className="mt-3 flex items-start gap-1.5 text-xs text-slate-500" data-testid="timezone-note">
                <Globe aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                {t('common:time.timezone', { zone: zoneLabel(timeZone, day?.start ?? now, language) })}
              </p>
            ) : null}
            {isToday ? (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3 max-desk:hidden"
                onClick={() => scrollToElementId(nowLineId)}
              >
                <Clock aria-hidden="true" className="size-4" />
                {t('schedule.jumpToNow')}
              </Button>
            ) : null}
          </div>
        </aside>

        <section aria-live="polite" aria-busy={sessions.isPending} className="mt-4 desk:mt-0">
          {sessions.isPending || isWaitingForLinked ? (
            <div className="space-y-3">
              {placeholderKeys(4).map((key) => (
                <Skeleton key={key} className="h-32 rounded-card" />
              ))}
            </div>
          ) : sessions.isError ? (
            <ErrorState onRetry={() => void sessions.refetch()} />
          ) : sessions.data.length === 0 ? (
            <EmptyState icon={<CalendarX2 className="size-7" />} title={t('schedule.empty')} />
          ) : groups.length === 0 ? (
            <EmptyState
              title={t('schedule.emptyFiltered')}
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setRoom(undefined);
                    setTrack(undefined);
                  }}
                >
                  {t('schedule.clearFilters')}
                </Button>
              }
            />
          ) : (
            <>
              <p className="mb-3 text-xs font-medium text-slate-500">
                {t('schedule.sessions', { count: visible.length })}
              </p>
              <ol className="space-y-6">
                {groups.map((group, index) => (
                  <li key={group.start}>
                    {index === nowIndex ? (
                      <NowLine
                        id={nowLineId}
                        label={t('schedule.nowLine', { time: formatTime(now, timeZone, language) })}
                      />
                    ) : null}
                    <div className="desk:flex desk:gap-6">
                      <h3 className="sticky top-14 z-10 -mx-4 mb-2 bg-slate-50/95 px-4 py-1.5 text-[15px] font-bold text-slate-900 tabular-nums backdrop-blur desk:static desk:mx-0 desk:w-16 desk:shrink-0 desk:bg-transparent desk:p-0 desk:pt-4">
                        <GroupTime at={group.start} timeZone={timeZone} language={language} />
                      </h3>
                      <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 desk:grid-cols-2">
                        {group.sessions.map((session) => (
                          <SessionCard
                            key={session._id.$id}
                            session={session}
                            meetingId={meetingId}
                            timeZone={timeZone}
                            now={now}
                            isHighlighted={session._id.$id === agendaId}
                          />
                        ))}
                      </div>
                    </div>
                  </li>
                ))}
                {nowIndex === -1 && isToday && groups.length > 0 ? (
                  <li>
                    <NowLine
                      id={nowLineId}
                      label={t('schedule.nowLine', { time: formatTime(now, timeZone, language) })}
                    />
                  </li>
                ) : null}
              </ol>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function NowLine({ id, label }: { id: string; label: string }) {
  return (
    <div id={id} className="mb-4 flex items-center gap-2" data-testid="now-line">
      <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-on-primary">
        {label}
      </span>
      <span aria-hidden="true" className="h-px flex-1 bg-primary/60" />
    </div>
  );
}

export { ScheduleRoute as Component };

/** A time group's heading: the time, and below it the zone's short name when it reads differently from the device. */
function GroupTime({ at, timeZone, language }: { at: number; timeZone: string; language: Language }) {
  const { time, zone } = formatTimeParts(at, timeZone, language);
  return (
    <time dateTime={new Date(at).toISOString()}>
      {time}
      {zone ? (
        <span
          data-testid="time-zone"
          className="ms-1 text-[11px] font-medium text-slate-500 desk:ms-0 desk:block"
        >
          {zone}
        </span>
      ) : null}
    </time>
  );
}
