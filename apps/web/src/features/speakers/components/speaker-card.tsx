import type { Speaker } from '@app/contracts';
import { localize } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * A speaker tile: photo (or initials), name, work title and company — or, for a speaker the programme
 * gives no work details (common in imported schedules), how many sessions they speak in.
 */
export function SpeakerCard({ speaker, meetingId }: { speaker: Speaker; meetingId: string }) {
  const language = useLanguage();
  const work = localize(speaker.work_title, language);
  const company = localize(speaker.company, language);
  const { t } = useTranslation('agendas');
  const hasWork = Boolean(work || company);
  return (
    <Link
      to={paths.speaker.details({ speakerId: speaker._id.$id, meetingId })}
      data-testid="speaker-card"
      className="group flex h-full items-center gap-3 rounded-card bg-white p-3.5 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25 desk:flex-col desk:p-5 desk:text-center"
    >
      <Avatar
        name={speaker.name}
        photo={speaker.photo}
        className="size-14 text-lg desk:size-20 desk:text-2xl"
      />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900 group-hover:text-primary">
          {speaker.name}
        </span>
        {work ? <span className="mt-0.5 line-clamp-1 text-sm text-slate-600">{work}</span> : null}
        {company ? <span className="line-clamp-1 text-sm text-slate-500">{company}</span> : null}
        {!hasWork && speaker.agendas_total > 0 ? (
          <span className="mt-0.5 block text-sm text-slate-500">
            {t('schedule.sessions', { count: speaker.agendas_total })}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
