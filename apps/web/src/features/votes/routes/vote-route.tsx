import type { VoteDetail, VotePlayer } from '@app/contracts';
import { timing } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { Trophy, Vote as VoteIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { votePaths } from '../../../lib/votes-paths.ts';
import { castable, useCastVote, useMyAnswers, useVote, useWithdrawVote } from '../api/votes.ts';
import { VoteDialog } from '../components/vote-dialog.tsx';
import { timeLeft, voteErrorMessage } from '../components/vote-texts.ts';

/** A countdown to `targetSeconds` on the server's clock (the device's clock may be off). */
export function Countdown({
  targetSeconds,
  serverNow,
  label,
}: {
  targetSeconds: number;
  serverNow: number;
  label: string;
}) {
  const { t } = useTranslation('votes');
  const [offset] = useState(() => serverNow * 1000 - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), timing.countdownTickMs);
    return () => clearInterval(timer);
  }, [offset]);
  const left = timeLeft(targetSeconds * 1000, now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <p className="text-[14px] text-slate-600" data-testid="vote-countdown">
      {label}{' '}
      <span className="font-medium text-slate-900 tabular-nums">
        {t('countdown', {
          days: left.days,
          clock: `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`,
        })}
      </span>
    </p>
  );
}

/** The vote's state line: before the start, the countdown to the deadline, or over (§4). */
function VoteStatusLine({ vote }: { vote: VoteDetail }) {
  const { t } = useTranslation('votes');
  if (vote.status === 'over') {
    return <p className="font-medium text-[14px] text-slate-500">{t('status.over')}</p>;
  }
  return vote.status === 'not_started' ? (
    <Countdown targetSeconds={vote.start_at} serverNow={vote.now} label={t('status.startsIn')} />
  ) : (
    <Countdown targetSeconds={vote.end_at} serverNow={vote.now} label={t('status.endsIn')} />
  );
}

function CandidateCard({
  player,
  meetingId,
  canVote,
  onVote,
}: {
  player: VotePlayer;
  meetingId: string;
  canVote: boolean;
  onVote: () => void;
}) {
  const { t } = useTranslation('votes');
  const language = useLanguage();
  const name = localize(player.name, language);
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
      data-testid="vote-candidate"
    >
      <Link to={votePaths.candidate({ meetingId, playerId: player._id.$id })} className="relative block">
        {player.img ? (
          <img src={player.img} alt="" className="aspect-square w-full object-cover" loading="lazy" />
        ) : (
          <div className="flex aspect-square w-full items-center justify-center bg-primary/10 text-primary">
            <VoteIcon aria-hidden="true" className="size-10" />
          </div>
        )}
        {player.rank !== null && player.rank <= 3 && (player.vote_total ?? 0) > 0 ? (
          <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-white/90 px-2 py-0.5 font-semibold text-[12px] text-amber-700">
            <Trophy aria-hidden="true" className="size-3.5" />
            {t('rank', { rank: player.rank })}
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Link
          to={votePaths.candidate({ meetingId, playerId: player._id.$id })}
          className="line-clamp-2 font-medium text-[15px] text-slate-900"
        >
          {name}
        </Link>
        {player.vote_total !== null ? (
          <p className="text-[13px] text-slate-500 tabular-nums">{t('votes', { n: player.vote_total })}</p>
        ) : null}
        <Button size="sm" className="mt-auto" onClick={onVote} disabled={!canVote} data-testid="vote-button">
          {t('vote')}
        </Button>
      </div>
    </li>
  );
}

/**
 * /activity/vote?vote_id= (§2, §3 Vote, §4, §5): cover, title, countdown to the deadline, the
 * caller's votes left in all and today (meeting day), candidates with counts and ranks when the
 * organiser shows results, a count stepper that never offers more than is left, the caller's casts
 * with withdrawal where allowed, and a share button. Visitors see it where guests may; voting asks
 * for a login.
 */
function VoteRoute() {
  const { t } = useTranslation('votes');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const location = useLocation();
  const [voteId = ''] = useSearchState('vote_id');
  const isLoggedIn = useIsLoggedIn(meetingId);
  const vote = useVote(voteId, isLoggedIn);
  const answers = useMyAnswers(voteId, isLoggedIn);
  const cast = useCastVote();
  const withdraw = useWithdrawVote();
  const [target, setTarget] = useState<VotePlayer | null>(null);
  const [error, setError] = useState('');

  if (!voteId) return <Navigate to={paths.notFound()} replace />;
  if (vote.isPending) {
    return (
      <div
        className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8"
        aria-busy="true"
      >
        <Skeleton className="aspect-[16/9] w-full rounded-2xl" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (vote.isError) {
    // §2: a malformed, unknown or deleted item opens /404 (nothing of a deleted vote stays visible).
    if (vote.error instanceof ApiError && vote.error.status < 500 && vote.error.status !== 401)
      return <Navigate to={paths.notFound()} replace />;
    return <ErrorState onRetry={() => void vote.refetch()} />;
  }
  if (!vote.data) return <Navigate to={paths.notFound()} replace />;
  const data = vote.data;
  const title = localize(data.title, language);
  const max = castable(data.mine);
  const isOpen = data.status === 'open';

  return (
    <div
      className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8"
      data-testid="vote-page"
    >
      {data.cover ? (
        <img src={data.cover} alt="" className="aspect-[16/9] w-full rounded-2xl object-cover" />
      ) : null}
      <div className="flex flex-col gap-2">
        <h1 className="font-semibold text-[22px] text-slate-900 leading-snug">{title}</h1>
        {localize(data.description, language) ? (
          <p className="whitespace-pre-line text-[15px] text-slate-700">
            {localize(data.description, language)}
          </p>
        ) : null}
        <VoteStatusLine vote={data} />
        <ShareButton
          link={{ type: 'vote', meetingId, id: data._id.$id, lang: language }}
          title={title}
          className="-ms-3.5 self-start"
        />
      </div>

      <section className="rounded-2xl bg-primary/5 p-4" data-testid="vote-standing">
        <p className="text-[13px] text-slate-600">
          {data.per_day_limit > 0
            ? t('limits', { total: data.per_person_limit, day: data.per_day_limit })
            : t('limitsNoDaily', { total: data.per_person_limit })}
        </p>
        {data.mine ? (
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-[15px] text-slate-900">
            <span>{t('remaining', { n: data.mine.remaining })}</span>
            {data.mine.today_remaining !== null ? (
              <span>{t('remainingToday', { n: data.mine.today_remaining })}</span>
            ) : null}
          </div>
        ) : (
          <ButtonLink
            to={paths.login({ meetingId, redirect: `${location.pathname}${location.search}` })}
            size="sm"
            className="mt-3"
          >
            {t('loginToVote')}
          </ButtonLink>
        )}
        {data.mine && isOpen && max === 0 ? (
          <p className="mt-2 text-[14px] text-amber-700" data-testid="vote-used-up">
            {data.mine.remaining === 0 ? t('errors.usedUp') : t('errors.usedUpToday')}
          </p>
        ) : null}
        {data.vote_total !== null ? (
          <p className="mt-2 text-[13px] text-slate-500 tabular-nums">{t('total', { n: data.vote_total })}</p>
        ) : (
          <p className="mt-2 text-[13px] text-slate-500">{t('resultsHidden')}</p>
        )}
      </section>

      {data.players.length === 0 ? (
        <EmptyState icon={<VoteIcon aria-hidden="true" className="size-7" />} title={t('empty')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 desk:grid-cols-3" data-testid="vote-candidates">
          {data.players.map((player) => (
            <CandidateCard
              key={player._id.$id}
              player={player}
              meetingId={meetingId}
              canVote={isOpen && data.mine !== null && max > 0}
              onVote={() => {
                setError('');
                setTarget(player);
              }}
            />
          ))}
        </ul>
      )}

      {answers.data && answers.data.length > 0 ? (
        <section className="flex flex-col gap-2" data-testid="vote-my-answers">
          <h2 className="font-semibold text-[16px] text-slate-900">{t('myVotes')}</h2>
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {answers.data.map((answer) => {
              const player = data.players.find((p) => p._id.$id === answer.player_id.$id);
              return (
                <li key={answer._id.$id} className="flex items-center gap-3 px-4 py-3">
                  <span className="flex-1 text-[15px] text-slate-900">
                    {player ? localize(player.name, language) : '—'}
                  </span>
                  <span className="text-[14px] text-slate-600 tabular-nums">
                    {t('votes', { n: answer.count })}
                  </span>
                  {answer.can_withdraw === 1 ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={withdraw.isPending}
                      onClick={() =>
                        withdraw.mutate(answer._id.$id, {
                          onSuccess: () => showToast(t('withdrawn')),
                          onError: (e) => showToast(voteErrorMessage(e, t)),
                        })
                      }
                    >
                      {t('withdraw')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {target ? (
        <VoteDialog
          key={target._id.$id}
          isOpen
          candidate={localize(target.name, language)}
          max={max}
          isBusy={cast.isPending}
          error={error}
          onDismiss={() => setTarget(null)}
          onCast={(count) => {
            if (!data.mine) return;
            cast.mutate(
              { voteId: data._id.$id, playerId: target._id.$id, count },
              {
                onSuccess: () => {
                  setTarget(null);
                  showToast(t('voted', { n: count, name: localize(target.name, language) }));
                },
                onError: (e) => setError(voteErrorMessage(e, t)),
              },
            );
          }}
        />
      ) : null}
    </div>
  );
}

export { VoteRoute as Component };
