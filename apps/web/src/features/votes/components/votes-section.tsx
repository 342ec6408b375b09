import type { VoteSummary } from '@app/contracts';
import { localize } from '@app/domain';
import { Clock, Vote as VoteIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatMoment } from '../../../lib/time.ts';
import { votePaths } from '../../../lib/votes-paths.ts';
import { useMeetingVotes } from '../api/votes.ts';

const tones: Record<VoteSummary['status'], string> = {
  open: 'bg-primary text-white',
  not_started: 'bg-slate-100 text-slate-700',
  over: 'bg-slate-100 text-slate-500',
};

/**
 * The "Votes" section of /meeting/activity/list (§2 /activity/vote; §3 Vote: title, cover; §4 open or
 * over): the meeting's shown votes from GET /votes as cards (cover, title, state, deadline in the
 * meeting's zone), each opening its vote page. Nothing is shown while loading, on an error or when the
 * meeting has no vote, so the activity list never waits for it.
 */
export function VotesSection({ meetingId, timeZone }: { meetingId: string; timeZone: string }) {
  const { t, ready } = useTranslation('votes');
  const language = useLanguage();
  const votes = useMeetingVotes(meetingId);
  if (!ready || !votes.data || votes.data.length === 0) return null;
  return (
    <section className="mb-6 desk:mb-8" aria-labelledby="votes-section-title" data-testid="votes-section">
      <h2 id="votes-section-title" className="mb-3 text-[17px] font-semibold text-slate-900">
        {t('list.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 desk:grid-cols-3">
        {votes.data.map((vote) => (
          <li key={vote._id.$id}>
            <Link
              to={votePaths.vote({ meetingId, voteId: vote._id.$id })}
              data-testid="votes-section-item"
              className="group flex h-full items-stretch gap-3 overflow-hidden rounded-card bg-white p-2.5 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
            >
              <div className="relative aspect-square w-20 shrink-0 overflow-hidden rounded-lg bg-gradient-to-br from-primary/25 via-primary/10 to-white">
                {vote.cover ? (
                  <img
                    src={vote.cover}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                ) : (
                  <VoteIcon aria-hidden="true" className="absolute inset-0 m-auto size-8 text-primary/50" />
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col justify-center gap-1.5">
                <h3 className="line-clamp-2 text-[15px] leading-snug font-semibold text-slate-900 group-hover:text-primary">
                  <bdi>{localize(vote.title, language)}</bdi>
                </h3>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[12px]">
                  <span className={cx('rounded-full px-2 py-0.5 font-medium', tones[vote.status])}>
                    {t(`list.${vote.status === 'not_started' ? 'notStarted' : vote.status}`)}
                  </span>
                  <span className="inline-flex items-center gap-1 text-slate-600">
                    <Clock aria-hidden="true" className="size-3.5 shrink-0" />
                    {t('list.deadline', { time: formatMoment(vote.end_at, timeZone, language) })}
                  </span>
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
