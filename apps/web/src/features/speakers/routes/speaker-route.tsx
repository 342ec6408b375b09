import type { Agenda } from '@app/contracts';
import { localize, toMilliseconds } from '@app/domain';
import { ChevronRight, Link2, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useSpeaker } from '../api/get-speaker.ts';

/** /meeting/speaker?speaker_id=…: photo, name, work, biography and their sessions. */
function SpeakerRoute() {
  const { t } = useTranslation(['speakers', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [speakerId] = useSearchState('speaker_id');
  const speaker = useSpeaker(meetingId, speakerId);

  if (!speakerId) return <Navigate to={paths.notFound()} replace />;
  if (speaker.isPending) return <SpeakerSkeleton />;
  if (speaker.isError) {
    if (speaker.error instanceof ApiError && speaker.error.status === 404)
      return <Navigate to={paths.notFound()} replace />;
    return <ErrorState className="py-24" onRetry={() => void speaker.refetch()} />;
  }
  const data = speaker.data;
  if (data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  const work = localize(data.work_title, language);
  const company = localize(data.company, language);
  const biography = localize(data.biography, language);
  const sessions = [...data.agendas].sort((a, b) => a.start - b.start);

  return (
    <article className="px-4 pt-5 pb-8 desk:px-0 desk:pt-8">
      <div className="desk:grid desk:grid-cols-[340px_minmax(0,1fr)] desk:gap-8">
        <header className="desk:self-start">
          <Card className="relative overflow-hidden p-6 text-center">
            <div
              aria-hidden="true"
              className="absolute inset-x-0 top-0 h-20 bg-gradient-to-br from-primary/25 to-primary/5"
            />
            <Avatar
              name={data.name}
              photo={data.photo}
              className="relative mx-auto size-28 text-4xl ring-4 ring-white shadow-md"
            />
            <h1 className="mt-4 text-2xl font-bold text-slate-900" data-testid="speaker-name">
              <bdi>{data.name}</bdi>
            </h1>
            {work ? <p className="mt-1 text-[15px] text-slate-600">{work}</p> : null}
            {company ? <p className="text-[15px] text-slate-500">{company}</p> : null}
            <ShareButton
              link={{ type: 'speaker', meetingId, id: data._id.$id }}
              title={data.name}
              className="mt-3"
            />
            {data.links.length > 0 ? (
              <ul className="mt-4 flex flex-wrap justify-center gap-2">
                {data.links.map((link) => (
                  <li key={`${link.url} ${link.title ?? ''}`}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={t('common:links.external')}
                      className="inline-flex max-w-[16rem] items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 hover:bg-primary/10 hover:text-primary"
                    >
                      <Link2 aria-hidden="true" className="size-3.5 shrink-0" />
                      <span className="truncate">{link.title || link.url.replace(/^https?:\/\//, '')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </Card>
        </header>
        <div className="mt-6 space-y-8 desk:mt-0">
          {biography ? (
            <section aria-labelledby="speaker-biography">
              <SectionTitle id="speaker-biography">{t('detail.biography')}</SectionTitle>
              <Paragraphs text={biography} />
            </section>
          ) : null}
          <section aria-labelledby="speaker-sessions">
            <SectionTitle id="speaker-sessions">{t('detail.sessions')}</SectionTitle>
            {sessions.length === 0 ? (
              <EmptyState className="py-6" title={t('detail.noSessions')} />
            ) : (
              <ul className="space-y-3">
                {sessions.map((session) => (
                  <li key={session._id.$id}>
                    <SpeakerSession session={session} meetingId={meetingId} timeZone={meeting.time_zone} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

function SpeakerSession({
  session,
  meetingId,
  timeZone,
}: {
  session: Agenda;
  meetingId: string;
  timeZone: string;
}) {
  const language = useLanguage();
  const start = toMilliseconds(session.start);
  const end = toMilliseconds(session.end);
  const room = session.room ? localize(session.room.name, language) : '';
  return (
    <Link
      to={paths.agenda.details({ agendaId: session._id.$id, meetingId })}
      data-testid="speaker-session"
      className="group flex items-center gap-4 rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
    >
      <div className="flex w-14 shrink-0 flex-col items-center rounded-xl bg-primary/10 py-2 text-primary">
        <span className="text-[11px] font-medium uppercase">
          {formatDate(start, timeZone, language, { month: 'short' })}
        </span>
        <span className="text-xl leading-none font-bold">
          {formatDate(start, timeZone, language, { day: 'numeric' })}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-[13px] text-slate-500 tabular-nums">
          {formatDate(start, timeZone, language, { weekday: 'short' })} ·{' '}
          {formatTimeRange(start, end, timeZone, language)}
        </p>
        <p className="mt-0.5 line-clamp-2 font-semibold text-slate-900 group-hover:text-primary">
          {localize(session.title, language)}
        </p>
        {room ? (
          <p className="mt-1 inline-flex items-center gap-1 text-[13px] text-slate-500">
            <MapPin aria-hidden="true" className="size-3.5" />
            {room}
          </p>
        ) : null}
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}

function SpeakerSkeleton() {
  return (
    <div className="space-y-4 px-4 pt-5 desk:px-0 desk:pt-8" aria-busy="true">
      <Skeleton className="mx-auto size-28 rounded-full" />
      <Skeleton className="mx-auto h-7 w-48" />
      <Skeleton className="mx-auto h-4 w-32" />
      <SkeletonText lines={5} className="pt-4" />
    </div>
  );
}

export { SpeakerRoute as Component };
