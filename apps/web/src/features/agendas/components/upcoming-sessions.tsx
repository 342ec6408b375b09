import type { Block } from '@app/contracts';
import { localize } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionLink, SectionTitle } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useUpcomingAgendas } from '../api/list-agendas.ts';
import { SessionCard } from './session-card.tsx';

/** Home block `agenda`: the next sessions (or the first ones when the programme is over). */
export function UpcomingSessionsBlock({ block }: { block: Block }) {
  const { t } = useTranslation('agendas');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const limit = typeof block.data.limit === 'number' ? Math.min(Math.max(block.data.limit, 1), 12) : 4;
  const upcoming = useUpcomingAgendas(meetingId, limit);
  const heading = localize(block.title, language) || t('upcoming.title');

  return (
    <section aria-labelledby={`block-${block._id.$id}`}>
      <SectionTitle
        id={`block-${block._id.$id}`}
        action={<SectionLink to={paths.agenda.schedule({ meetingId })}>{t('upcoming.viewAll')}</SectionLink>}
      >
        {heading}
      </SectionTitle>
      {upcoming.isPending ? (
        <div className="grid grid-cols-1 gap-3 desk:grid-cols-2">
          {placeholderKeys(2).map((key) => (
            <Skeleton key={key} className="h-28 rounded-card" />
          ))}
        </div>
      ) : upcoming.isError ? (
        <ErrorState onRetry={() => void upcoming.refetch()} />
      ) : upcoming.data.items.length === 0 ? (
        <EmptyState title={t('upcoming.empty')} />
      ) : (
        <>
          <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {upcoming.data.isUpcoming ? t('upcoming.next') : t('upcoming.first')}
          </p>
          <div className="grid grid-cols-1 gap-3 desk:grid-cols-2">
            {upcoming.data.items.map((session) => (
              <SessionCard
                key={session._id.$id}
                session={session}
                meetingId={meetingId}
                timeZone={meeting.time_zone}
                now={Date.now()}
                isCompact
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
