import type { Block } from '@app/contracts';
import { localize } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionLink, SectionTitle } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useFeaturedSpeakers } from '../api/list-speakers.ts';

/** Home block `speakers`: a row of featured speakers (heaviest first). */
export function FeaturedSpeakersBlock({ block }: { block: Block }) {
  const { t } = useTranslation('speakers');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const limit = typeof block.data.limit === 'number' ? Math.min(Math.max(block.data.limit, 1), 24) : 8;
  const speakers = useFeaturedSpeakers(meetingId, limit);
  if (speakers.data && speakers.data.length === 0) return null;

  return (
    <section aria-labelledby={`block-${block._id.$id}`}>
      <SectionTitle
        id={`block-${block._id.$id}`}
        action={<SectionLink to={paths.speaker.list({ meetingId })}>{t('featured.viewAll')}</SectionLink>}
      >
        {localize(block.title, language) || t('featured.title')}
      </SectionTitle>
      {speakers.isError ? (
        <ErrorState onRetry={() => void speakers.refetch()} />
      ) : (
        <ul className="scrollbar-none -mx-4 flex gap-3 overflow-x-auto px-4 pb-1 desk:mx-0 desk:grid desk:grid-cols-8 desk:overflow-visible desk:px-0">
          {speakers.isPending
            ? placeholderKeys(5).map((key) => (
                <li key={key} className="w-20 shrink-0 desk:w-auto">
                  <Skeleton className="mx-auto size-16 rounded-full" />
                  <Skeleton className="mx-auto mt-2 h-3 w-14" />
                </li>
              ))
            : speakers.data.map((speaker) => (
                <li key={speaker._id.$id} className="w-20 shrink-0 desk:w-auto">
                  <Link
                    to={paths.speaker.details({ speakerId: speaker._id.$id, meetingId })}
                    className="group flex flex-col items-center text-center"
                  >
                    <Avatar
                      name={speaker.name}
                      photo={speaker.photo}
                      className="size-16 text-xl ring-2 ring-white shadow-sm"
                    />
                    <span className="mt-2 line-clamp-2 w-full text-[13px] leading-tight font-medium text-slate-700 group-hover:text-primary">
                      {speaker.name}
                    </span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
