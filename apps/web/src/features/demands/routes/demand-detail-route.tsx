import type { Demand, DemandComment } from '@app/contracts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, Lock, MapPin, MessageCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { demandPaths } from '../../../lib/demands-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { usePageShare } from '../../../lib/page-share.ts';
import { paths } from '../../../lib/paths.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { closeDemand, demandKeys, removeDemand, useDemand, useDemandComments } from '../api/demands.ts';
import { CommentForm } from '../components/comment-form.tsx';
import { ContactLines } from '../components/contact-card.tsx';
import { DemandLikeButton } from '../components/like-button.tsx';
import { StateBadge } from '../components/state-badge.tsx';

/**
 * /demand/detail?demand_id=… (§2 detail; §3 Demand; §4 closed by the poster with confirmation; §6
 * contacts): the demand with its photos, area, industry and category, the poster and — by the §6
 * rules — their contact, like, report; the poster closes (after confirming) or deletes it. Comments
 * oldest first, each with the commenter's contact for the poster, and the comment box. A missing,
 * malformed or unknown id (or a deleted or hidden demand) opens /404.
 */
function DemandDetailRoute() {
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [demandId] = useSearchState('demand_id');
  const demand = useDemand(demandId);

  if (!demandId) return <Navigate to={paths.notFound()} replace />;
  if (demand.isPending) return <DetailSkeleton />;
  if (demand.isError) {
    if (demand.error instanceof ApiError && demand.error.status < 500 && demand.error.status !== 401)
      return <Navigate to={paths.notFound()} replace />;
    return <ErrorState className="py-24" onRetry={() => void demand.refetch()} />;
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <BackLink meetingId={meetingId} />
      <DemandArticle demand={demand.data} meetingId={meetingId} timeZone={meeting.time_zone} />
      <Comments demand={demand.data} meetingId={meetingId} timeZone={meeting.time_zone} />
    </div>
  );
}

function BackLink({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('demands');
  return (
    <Link
      to={demandPaths.list({ meetingId })}
      className="inline-flex w-fit items-center gap-1 text-sm text-slate-500 hover:text-slate-800"
    >
      <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('pages.list')}
    </Link>
  );
}

function DemandArticle({
  demand,
  meetingId,
  timeZone,
}: {
  demand: Demand;
  meetingId: string;
  timeZone: string;
}) {
  const { t } = useTranslation(['demands', 'common']);
  const { t: tCommon } = useTranslation('common');
  const language = useLanguage();
  const isLoggedIn = useIsLoggedIn(meetingId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<'close' | 'delete'>();
  const [isBusy, setBusy] = useState(false);
  const demandId = demand._id.$id;
  const isMine = demand.is_mine === 1;
  // The demand's card when the page is shared inside WeChat (§2 share links: demand).
  usePageShare({
    link: { type: 'demand', meetingId, id: demandId, lang: language },
    title: demand.title,
    description: demand.description,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: demandKeys.one(demandId) }),
      queryClient.invalidateQueries({ queryKey: demandKeys.lists(meetingId) }),
    ]);

  const act = async () => {
    setBusy(true);
    try {
      if (confirming === 'close') {
        const closed = await closeDemand(demandId);
        queryClient.setQueryData(demandKeys.one(demandId), closed);
        showToast(t('detail.closeDone'));
        await refresh();
      } else {
        await removeDemand(demandId);
        showToast(t('detail.deleteDone'));
        await refresh();
        navigate(demandPaths.mine({ meetingId }), { replace: true });
      }
    } catch (error) {
      showToast(apiErrorMessage(error, tCommon));
    } finally {
      setBusy(false);
      setConfirming(undefined);
    }
  };

  const facts = [
    demand.area ? { key: 'area', icon: true, label: t('detail.area'), value: demand.area } : null,
    demand.industry
      ? { key: 'industry', label: t('detail.industry'), value: localize(demand.industry.title, language) }
      : null,
    demand.category
      ? { key: 'category', label: t('detail.category'), value: localize(demand.category.title, language) }
      : null,
  ].filter((fact) => fact !== null);

  return (
    <article
      className="rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-900/[0.06] desk:p-6"
      data-testid="demand-detail"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
          {t(`types.${demand.type}`)}
        </span>
        <StateBadge state={demand.state} />
      </div>
      {isMine && (demand.state === 'review' || demand.state === 'blocked') ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {demand.state === 'review' ? t('list.ownReview') : t('list.ownBlocked')}
        </p>
      ) : null}
      <h1 className="mt-2 text-xl font-semibold text-slate-900 break-words desk:text-2xl">{demand.title}</h1>
      <div className="mt-3 flex items-center gap-2">
        <Avatar photo={demand.user.avatar} name={demand.user.username} className="size-10" />
        <div className="min-w-0 text-sm">
          <bdi className="block truncate font-medium text-slate-800">
            {demand.user.username || t('detail.anonymous')}
          </bdi>
          <span className="block truncate text-xs text-slate-500">
            {[demand.user.work_company, demand.user.work_title].filter(Boolean).join(' · ')}{' '}
            {t('detail.postedAt', {
              time: `${formatDate(demand.create_time * 1000, timeZone, language, { day: 'numeric', month: 'short' })} ${clockTime(demand.create_time * 1000, timeZone, language)}`,
            })}
          </span>
        </div>
      </div>
      <Paragraphs
        text={demand.description}
        className="mt-4 text-[15px] leading-relaxed text-slate-800 break-words"
      />
      {facts.length > 0 ? (
        <dl className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {facts.map((fact) => (
            <div key={fact.key} className="flex items-center gap-1">
              <dt className="inline-flex items-center gap-0.5 text-slate-500">
                {fact.key === 'area' ? <MapPin aria-hidden="true" className="size-3.5" /> : null}
                {fact.label}
              </dt>
              <dd className="text-slate-800">
                <bdi>{fact.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {demand.images.length > 0 ? (
        <ul
          className="mt-4 grid grid-cols-3 gap-2"
          aria-label={t('detail.photos')}
          data-testid="demand-photos"
        >
          {demand.images.map((src, index) => (
            <li key={src}>
              <a
                href={src}
                target="_blank"
                rel="noreferrer"
                aria-label={t('detail.photo', { index: index + 1 })}
              >
                <Thumb src={src} name={demand.title} fit="cover" className="aspect-square w-full" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <section className="mt-4 rounded-xl bg-slate-50 p-3" aria-label={t('detail.contact')}>
        <h2 className="mb-1 text-sm font-semibold text-slate-800">{t('detail.contact')}</h2>
        {demand.contact ? (
          <ContactLines contact={demand.contact} testId="demand-contact" />
        ) : (
          <p className="text-sm text-slate-500" data-testid="demand-contact-none">
            {/* §6: only connected friends see a poster's contact; a hidden one is hidden from them too. */}
            {!isLoggedIn
              ? t('detail.contactLogin')
              : demand.hide_contact === 1
                ? t('detail.contactHidden')
                : t('detail.contactFriends')}
          </p>
        )}
      </section>
      <div className="mt-5 flex flex-wrap items-center gap-2">
        <DemandLikeButton
          key={demandId}
          meetingId={meetingId}
          demandId={demandId}
          initial={{ isActive: demand.is_liked === 1, count: demand.like_total }}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: demandKeys.lists(meetingId) })}
        />
        <span className="ms-auto flex items-center gap-1">
          {isMine ? (
            <>
              {demand.state === 'open' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setConfirming('close')}
                  data-testid="demand-close"
                >
                  <Lock aria-hidden="true" className="size-4" />
                  {t('detail.close')}
                </Button>
              ) : null}
              <button
                type="button"
                onClick={() => setConfirming('delete')}
                className="inline-flex h-8 items-center gap-1 rounded-full px-2.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-red-700"
                data-testid="demand-delete"
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
                {t('detail.delete')}
              </button>
            </>
          ) : (
            <ReportButton meetingId={meetingId} kind="demand" targetId={demandId} />
          )}
        </span>
      </div>
      <ConfirmDialog
        isOpen={confirming !== undefined}
        title={confirming === 'delete' ? t('detail.deleteTitle') : t('detail.closeTitle')}
        body={confirming === 'delete' ? t('detail.deleteBody') : t('detail.closeBody')}
        confirmLabel={confirming === 'delete' ? t('detail.delete') : t('detail.closeConfirm')}
        cancelLabel={t('detail.cancel')}
        onConfirm={() => void act()}
        onCancel={() => setConfirming(undefined)}
        isBusy={isBusy}
      />
    </article>
  );
}

function Comments({ demand, meetingId, timeZone }: { demand: Demand; meetingId: string; timeZone: string }) {
  const { t } = useTranslation(['demands', 'common']);
  const demandId = demand._id.$id;
  const pages = useDemandComments(demandId);
  const comments = pages.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="demand-comments" className="flex flex-col gap-3">
      <h2 id="demand-comments" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageCircle aria-hidden="true" className="size-4 text-primary" />
        {t('detail.comments')}
        <span className="text-sm font-normal text-slate-500 tabular-nums">{demand.comment_total}</span>
      </h2>
      {pages.isPending ? (
        <SkeletonText lines={3} />
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : comments.length === 0 ? (
        <p className="rounded-card bg-white px-4 py-6 text-center text-sm text-slate-500 ring-1 ring-slate-900/[0.06]">
          {t('detail.noComments')}
        </p>
      ) : (
        <>
          <ul
            className="flex flex-col divide-y divide-slate-100 rounded-card bg-white ring-1 ring-slate-900/[0.06]"
            data-testid="demand-comments"
          >
            {comments.map((comment) => (
              <CommentItem
                key={comment._id.$id}
                comment={comment}
                meetingId={meetingId}
                timeZone={timeZone}
                isPoster={demand.is_mine === 1}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={pages.hasNextPage}
            isLoading={pages.isFetchingNextPage}
            onLoad={() => void pages.fetchNextPage()}
            loadLabel={t('common:actions.loadMore')}
            loadingLabel={t('common:states.loadingMore')}
            doneLabel=""
          />
        </>
      )}
      {demand.state === 'open' ? (
        <CommentForm meetingId={meetingId} demandId={demandId} />
      ) : demand.state === 'closed' ? (
        <p
          className="rounded-card bg-slate-100 px-4 py-3 text-sm text-slate-600"
          data-testid="demand-closed-notice"
        >
          {t('detail.closedNotice')}
        </p>
      ) : null}
    </section>
  );
}

function CommentItem({
  comment,
  meetingId,
  timeZone,
  isPoster,
}: {
  comment: DemandComment;
  meetingId: string;
  timeZone: string;
  isPoster: boolean;
}) {
  const { t } = useTranslation('demands');
  const language = useLanguage();
  return (
    <li className="flex gap-3 p-4" data-testid="demand-comment">
      <Avatar photo={comment.user.avatar} name={comment.user.username} className="size-9" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <bdi className="font-medium text-slate-800">{comment.user.username || t('detail.anonymous')}</bdi>
          {comment.user.work_company ? (
            <bdi className="text-xs text-slate-500">{comment.user.work_company}</bdi>
          ) : null}
          <span className="text-xs text-slate-400">
            {formatDate(comment.create_time * 1000, timeZone, language, { day: 'numeric', month: 'short' })}{' '}
            {clockTime(comment.create_time * 1000, timeZone, language)}
          </span>
          {comment.state !== 'visible' ? (
            <StateBadge state={comment.state === 'review' ? 'review' : 'blocked'} />
          ) : null}
        </div>
        <Paragraphs text={comment.content} className="mt-1 text-[15px] text-slate-800 break-words" />
        {comment.contact && isPoster && comment.is_mine !== 1 ? (
          <div className="mt-2 rounded-lg bg-slate-50 p-2" data-testid="commenter-contact">
            <p className="mb-1 text-xs text-slate-500">{t('detail.commenterContact')}</p>
            <ContactLines contact={comment.contact} />
          </div>
        ) : null}
        {comment.is_mine !== 1 ? (
          <div className="mt-1 flex justify-end">
            <ReportButton meetingId={meetingId} kind="demand_comment" targetId={comment._id.$id} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

function DetailSkeleton() {
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8"
      aria-busy="true"
    >
      <Skeleton className="h-4 w-24" />
      <div className="rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]">
        <Skeleton className="h-6 w-2/3" />
        <SkeletonText lines={4} className="mt-4" />
      </div>
    </div>
  );
}

export { DemandDetailRoute as Component };
