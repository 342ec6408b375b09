import type { Agenda } from '@app/contracts';
import { durationMinutes, isOngoing, localize, toMilliseconds } from '@app/domain';
import {
  CalendarDays,
  ChevronRight,
  Clock,
  FileText,
  Languages,
  Link2,
  MapPin,
  Radio,
  Shapes,
  VideoOff,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { colorFor } from '../../../lib/colors.ts';
import { languageNameIn, useLanguage } from '../../../lib/i18n.ts';
import { livePaths } from '../../../lib/lives-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';

const knownSessionTypes = {
  lecture: 'lecture',
  talk: 'talk',
  workshop: 'workshop',
  performance: 'performance',
  keynote: 'keynote',
  panel: 'panel',
  discussion: 'discussion',
  meeting: 'meeting',
  'hands-on': 'handsOn',
  game: 'game',
  other: 'other',
} as const;

/** The schedule's session type in the UI language when it is a known one ('lecture', 'Talk' …), else as written. */
function sessionTypeLabel(type: string, t: ReturnType<typeof useTranslation<'agendas'>>['t']): string {
  const key = knownSessionTypes[type.trim().toLowerCase() as keyof typeof knownSessionTypes];
  return key ? t(`sessionTypes.${key}`) : type;
}

import { BookmarkStar } from '../../../components/ui/bookmark-star.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { useAgenda } from '../api/get-agenda.ts';
import { SessionActivities } from '../components/session-activities.tsx';

/** /meeting/agenda/details?agenda_id=…: one session. A deleted one opens /204 without a history entry. */
function DetailsRoute() {
  const [agendaId] = useSearchState('agenda_id');
  const agenda = useAgenda(agendaId);
  if (!agendaId || agenda.data === null) return <Navigate to={paths.notFound()} replace />;
  if (agenda.isPending) return <DetailsSkeleton />;
  if (agenda.isError) return <ErrorState className="py-24" onRetry={() => void agenda.refetch()} />;
  if (agenda.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  return <SessionDetails session={agenda.data} />;
}

function MetaRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 py-2.5">
      <span className="mt-0.5 text-primary">{icon}</span>
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{label}</dt>
        <dd className="text-[15px] text-slate-800">{children}</dd>
      </div>
    </div>
  );
}

function SessionDetails({ session }: { session: Agenda }) {
  const { t } = useTranslation(['agendas', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const timeZone = meeting.time_zone;
  const now = useNow();
  const start = toMilliseconds(session.start);
  const end = toMilliseconds(session.end);
  const isLive = isOngoing({ start, end }, now);
  const title = localize(session.title, language);
  const subtitle = localize(session.subtitle, language);
  const abstract = localize(session.abstract, language);
  const description = localize(session.description, language);
  const room = session.room ? localize(session.room.name, language) : '';
  const spokenLanguage = session.language ? languageNameIn(session.language, language) : '';
  const references = [
    ...session.links.map((link) => ({ ...link, kind: 'link' as const })),
    ...session.attachments.map((link) => ({ ...link, kind: 'attachment' as const })),
  ];

  const meta = (
    <Card className="px-4 py-1.5">
      <dl className="divide-y divide-slate-100">
        <MetaRow icon={<CalendarDays aria-hidden="true" className="size-[18px]" />} label={t('session.time')}>
          <span className="block">
            {formatDate(start, timeZone, language, {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
          </span>
          <span className="block tabular-nums">
            {formatTimeRange(start, end, timeZone, language)} ·{' '}
            {t('session.duration', { count: durationMinutes({ start, end }) })}
          </span>
        </MetaRow>
        {room ? (
          <MetaRow icon={<MapPin aria-hidden="true" className="size-[18px]" />} label={t('session.room')}>
            {room}
          </MetaRow>
        ) : null}
        {session.track ? (
          <MetaRow icon={<Shapes aria-hidden="true" className="size-[18px]" />} label={t('session.track')}>
            <span className="inline-flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full"
                style={{ backgroundColor: colorFor(session.track.name, session.track.color) }}
              />
              {session.track.name}
            </span>
          </MetaRow>
        ) : null}
        {spokenLanguage ? (
          <MetaRow
            icon={<Languages aria-hidden="true" className="size-[18px]" />}
            label={t('session.language')}
          >
            {spokenLanguage}
          </MetaRow>
        ) : null}
        {session.type ? (
          <MetaRow icon={<Clock aria-hidden="true" className="size-[18px]" />} label={t('session.type')}>
            <span className="capitalize">{sessionTypeLabel(session.type, t)}</span>
          </MetaRow>
        ) : null}
      </dl>
    </Card>
  );

  const speakers =
    session.speakers.length > 0 ? (
      <section aria-labelledby="session-speakers">
        <SectionTitle id="session-speakers">{t('session.speakers')}</SectionTitle>
        <ul className="space-y-2">
          {session.speakers.map((speaker) => {
            const work = [localize(speaker.work_title, language), localize(speaker.company, language)]
              .filter(Boolean)
              .join(' · ');
            return (
              <li key={speaker._id.$id}>
                <Link
                  to={paths.speaker.details({ speakerId: speaker._id.$id, meetingId })}
                  data-testid="session-speaker"
                  className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
                >
                  <Avatar name={speaker.name} photo={speaker.photo} className="size-11 text-base" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900">{speaker.name}</span>
                    {work ? <span className="block truncate text-sm text-slate-500">{work}</span> : null}
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 text-slate-400 rtl:-scale-x-100" />
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    ) : null;

  return (
    <article className="px-4 pt-5 pb-8 desk:px-0 desk:pt-8">
      <header className="mb-5">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          {session.track ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="size-2 rounded-full"
                style={{ backgroundColor: colorFor(session.track.name, session.track.color) }}
              />
              {session.track.name}
            </span>
          ) : null}
          {isLive ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-on-primary">
              <span className="size-1.5 animate-pulse rounded-full bg-current" />
              {t('session.live')}
            </span>
          ) : null}
        </div>
        <h1
          className="text-2xl leading-tight font-bold text-balance text-slate-900 desk:text-3xl"
          data-testid="session-title"
        >
          <bdi>{title}</bdi>
        </h1>
        {subtitle ? (
          <p className="mt-2 text-base text-slate-500">
            <bdi>{subtitle}</bdi>
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <ShareButton
            link={{ type: 'agenda_details', meetingId, id: session._id.$id }}
            title={title}
            className="-ms-3.5"
          />
          <BookmarkStar agendaId={session._id.$id} meetingId={meetingId} withLabel />
          {session.lives?.[0] ? (
            <ButtonLink size="sm" to={livePaths.room({ meetingId, liveId: session.lives[0]._id.$id })}>
              <Radio aria-hidden="true" className="size-4" />
              {t('session.watchLive')}
            </ButtonLink>
          ) : null}
        </div>
      </header>

      <div className="desk:grid desk:grid-cols-[minmax(0,1fr)_340px] desk:gap-8">
        <div className="space-y-6">
          <div className="desk:hidden">{meta}</div>
          {abstract ? <Paragraphs text={abstract} className="text-base font-medium text-slate-800" /> : null}
          {description ? (
            <section aria-labelledby="session-description">
              <SectionTitle id="session-description">{t('session.description')}</SectionTitle>
              <Paragraphs text={description} />
            </section>
          ) : null}
          {session.do_not_record ? (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <VideoOff aria-hidden="true" className="size-4" />
              {t('session.doNotRecord')}
            </p>
          ) : null}
          <SessionActivities activities={session.activities} meetingId={meetingId} timeZone={timeZone} />
          <div className="desk:hidden">{speakers}</div>
          {references.length > 0 ? (
            <section aria-labelledby="session-links">
              <SectionTitle id="session-links">
                {session.attachments.length > 0
                  ? `${t('session.links')} · ${t('session.attachments')}`
                  : t('session.links')}
              </SectionTitle>
              <ul className="space-y-2">
                {references.map((reference) => (
                  <li key={`${reference.kind} ${reference.url} ${reference.title ?? ''}`}>
                    <a
                      href={reference.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={t('common:links.external')}
                      className="flex items-center gap-3 rounded-card bg-white p-3 text-[15px] text-slate-700 ring-1 ring-slate-900/[0.06] hover:text-primary hover:ring-primary/25"
                    >
                      {reference.kind === 'attachment' ? (
                        <FileText aria-hidden="true" className="size-[18px] shrink-0 text-primary" />
                      ) : (
                        <Link2 aria-hidden="true" className="size-[18px] shrink-0 text-primary" />
                      )}
                      <span className="min-w-0 flex-1 truncate">{reference.title || reference.url}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <ButtonLink
            variant="secondary"
            to={paths.agenda.schedule({ meetingId, agendaId: session._id.$id })}
          >
            <CalendarDays aria-hidden="true" className="size-4" />
            {t('session.viewInAgenda')}
          </ButtonLink>
        </div>
        <aside className="hidden space-y-6 desk:block">
          {meta}
          {speakers}
        </aside>
      </div>
    </article>
  );
}

function DetailsSkeleton() {
  return (
    <div className="space-y-4 px-4 pt-5 desk:px-0 desk:pt-8" aria-busy="true">
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-8 w-4/5" />
      <Skeleton className="h-40 w-full rounded-card" />
      <SkeletonText lines={5} />
    </div>
  );
}

export { DetailsRoute as Component };
