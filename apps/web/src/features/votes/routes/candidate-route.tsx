import { localize } from '@app/domain';
import { ArrowLeft, Trophy, Vote as VoteIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { votePaths } from '../../../lib/votes-paths.ts';
import { useVotePlayer } from '../api/votes.ts';

/**
 * /activity/vote/candidate?player_id= (§2, §3 Vote player): the candidate's image, name and
 * description, their votes and rank when the organiser shows results, a share button and the way
 * back to the vote (where the votes are cast).
 */
function CandidateRoute() {
  const { t } = useTranslation('votes');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [playerId = ''] = useSearchState('player_id');
  const player = useVotePlayer(playerId, useIsLoggedIn(meetingId));

  if (!playerId) return <Navigate to={paths.notFound()} replace />;
  if (player.isPending) {
    return (
      <div
        className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8"
        aria-busy="true"
      >
        <Skeleton className="aspect-square w-full max-w-sm self-center rounded-2xl" />
        <Skeleton className="h-7 w-1/2" />
      </div>
    );
  }
  if (player.isError) {
    // §2: a malformed, unknown or deleted item opens /404 (nothing of a deleted vote stays visible).
    if (player.error instanceof ApiError && player.error.status < 500 && player.error.status !== 401)
      return <Navigate to={paths.notFound()} replace />;
    return <ErrorState onRetry={() => void player.refetch()} />;
  }
  if (!player.data) return <Navigate to={paths.notFound()} replace />;
  const data = player.data;
  const name = localize(data.name, language);
  const voteLink = votePaths.vote({ meetingId, voteId: data.vote._id.$id });
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8"
      data-testid="vote-candidate-page"
    >
      <Link to={voteLink} className="inline-flex items-center gap-1 self-start text-[14px] text-primary">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {localize(data.vote.title, language)}
      </Link>
      <div className="flex flex-col gap-4 desk:flex-row desk:items-start">
        {data.img ? (
          <img src={data.img} alt="" className="aspect-square w-full rounded-2xl object-cover desk:w-80" />
        ) : (
          <div className="flex aspect-square w-full items-center justify-center rounded-2xl bg-primary/10 text-primary desk:w-80">
            <VoteIcon aria-hidden="true" className="size-14" />
          </div>
        )}
        <div className="flex flex-1 flex-col gap-3">
          <h1 className="font-semibold text-[22px] text-slate-900">{name}</h1>
          {data.vote_total !== null ? (
            <p className="flex items-center gap-3 text-[15px] text-slate-700 tabular-nums">
              <span>{t('votes', { n: data.vote_total })}</span>
              {data.rank !== null ? (
                <span className="inline-flex items-center gap-1 text-amber-700">
                  <Trophy aria-hidden="true" className="size-4" />
                  {t('rank', { rank: data.rank })}
                </span>
              ) : null}
            </p>
          ) : null}
          {localize(data.description, language) ? (
            <p className="whitespace-pre-line text-[15px] text-slate-700">
              {localize(data.description, language)}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <ButtonLink to={voteLink}>
              {data.vote.status === 'open' ? t('goVote') : t('backToVote')}
            </ButtonLink>
            <ShareButton
              link={{ type: 'candidate', meetingId, id: data._id.$id, lang: language }}
              title={name}
            />
          </div>
        </div>
      </div>
    </div>
  );
}

export { CandidateRoute as Component };
