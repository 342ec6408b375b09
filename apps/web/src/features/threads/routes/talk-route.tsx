import type { Thread, ThreadReply } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, Lock, MessageCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
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
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { threadPaths } from '../../../lib/threads-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { removeThread, threadKeys, useReplyPages, useThread } from '../api/threads.ts';
import { LikeButton } from '../components/like-button.tsx';
import { ReplyBox } from '../components/reply-box.tsx';
import { AuthorLine, ModerationBadge, ThreadFlags } from '../components/thread-meta.tsx';

/**
 * /meeting/talk?thread_id=… (§2 talk details): the thread (title, author, message, pictures, like,
 * report; the author may delete it), its replies oldest first with like and report, "load more",
 * and the reply box — or the closed notice. A missing, malformed or unknown id (or a thread that is
 * deleted or hidden) opens /404.
 */
function TalkRoute() {
  const { t } = useTranslation(['threads', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const [threadId] = useSearchState('thread_id');
  const thread = useThread(threadId);

  if (!threadId) return <Navigate to={paths.notFound()} replace />;
  if (thread.isPending) return <TalkSkeleton />;
  if (thread.isError) {
    if (thread.error instanceof ApiError && thread.error.status < 500 && thread.error.status !== 401)
      return <Navigate to={paths.notFound()} replace />;
    return <ErrorState className="py-24" onRetry={() => void thread.refetch()} />;
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <Link
        to={threadPaths.list({ meetingId })}
        className="inline-flex w-fit items-center gap-1 text-sm text-slate-500 hover:text-slate-800"
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('talk.back')}
      </Link>
      <ThreadArticle thread={thread.data} meetingId={meetingId} timeZone={meeting.time_zone} />
      <Replies thread={thread.data} meetingId={meetingId} timeZone={meeting.time_zone} />
    </div>
  );
}

function ThreadArticle({
  thread,
  meetingId,
  timeZone,
}: {
  thread: Thread;
  meetingId: string;
  timeZone: string;
}) {
  const { t } = useTranslation(['threads', 'common']);
  const { t: tCommon } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const threadId = thread._id.$id;
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: threadKeys.lists(meetingId) });

  const remove = async () => {
    setDeleting(true);
    try {
      await removeThread(threadId);
      showToast(t('talk.deleted'));
      await refreshLists();
      navigate(threadPaths.list({ meetingId }), { replace: true });
    } catch (error) {
      showToast(apiErrorMessage(error, tCommon));
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <article
      className="rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-900/[0.06] desk:p-6"
      data-testid="talk-thread"
    >
      <ThreadFlags thread={thread} />
      <h1 dir="auto" className="mt-1 text-xl font-semibold text-slate-900 break-words desk:text-2xl">
        {thread.title}
      </h1>
      <div className="mt-3">
        <AuthorLine
          user={thread.user}
          isMine={thread.is_mine === 1}
          created={thread.created}
          timeZone={timeZone}
          size="md"
        />
      </div>
      <div dir="auto">
        <Paragraphs
          text={thread.content}
          className="mt-4 text-[15px] leading-relaxed text-slate-800 break-words"
        />
      </div>
      {thread.images.length > 0 ? (
        <ul className="mt-4 grid grid-cols-3 gap-2" aria-label={t('talk.images')}>
          {thread.images.map((src) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <Thumb src={src} name={thread.title} fit="cover" className="aspect-square w-full" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center gap-2">
        <LikeButton
          key={threadId}
          meetingId={meetingId}
          target="thread"
          targetId={threadId}
          initial={{ isActive: thread.is_liked === 1, count: thread.like_total }}
          onSaved={() => void refreshLists()}
        />
        <span className="ms-auto flex items-center gap-1">
          {thread.is_mine ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="inline-flex h-8 items-center gap-1 rounded-full px-2.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-red-700"
              data-testid="thread-delete"
            >
              <Trash2 aria-hidden="true" className="size-3.5" />
              {t('talk.delete')}
            </button>
          ) : (
            <ReportButton meetingId={meetingId} kind="thread" targetId={threadId} />
          )}
        </span>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('talk.deleteTitle')}
        body={t('talk.deleteBody')}
        confirmLabel={t('talk.deleteConfirm')}
        cancelLabel={t('talk.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
        isBusy={isDeleting}
      />
    </article>
  );
}

function Replies({ thread, meetingId, timeZone }: { thread: Thread; meetingId: string; timeZone: string }) {
  const { t } = useTranslation(['threads', 'common']);
  const queryClient = useQueryClient();
  const threadId = thread._id.$id;
  const pages = useReplyPages(threadId);
  const replies = pages.data?.pages.flat() ?? [];
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: threadKeys.replies(threadId) }),
      queryClient.invalidateQueries({ queryKey: threadKeys.one(threadId) }),
      queryClient.invalidateQueries({ queryKey: threadKeys.lists(meetingId) }),
    ]);
  };

  return (
    <section aria-labelledby="talk-replies" className="flex flex-col gap-3">
      <h2 id="talk-replies" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageCircle aria-hidden="true" className="size-4 text-primary" />
        {t('talk.replies')}
        <span className="text-sm font-normal text-slate-500 tabular-nums">{thread.reply_total}</span>
      </h2>
      {pages.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <ReplySkeleton />
          <ReplySkeleton />
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : replies.length === 0 ? (
        <p className="rounded-card bg-white px-4 py-6 text-center text-sm text-slate-500 ring-1 ring-slate-900/[0.06]">
          {t('talk.noReplies')}
        </p>
      ) : (
        <>
          <ul
            className="flex flex-col divide-y divide-slate-100 rounded-card bg-white ring-1 ring-slate-900/[0.06]"
            data-testid="reply-list"
          >
            {replies.map((reply) => (
              <ReplyItem key={reply._id.$id} reply={reply} meetingId={meetingId} timeZone={timeZone} />
            ))}
          </ul>
          <LoadMore
            hasMore={pages.hasNextPage}
            isLoading={pages.isFetchingNextPage}
            onLoad={() => void pages.fetchNextPage()}
            loadLabel={t('common:actions.loadMore')}
            loadingLabel={t('common:states.loadingMore')}
            doneLabel={t('common:states.allLoaded')}
          />
        </>
      )}
      <div className="rounded-card bg-slate-50 p-4 ring-1 ring-slate-900/[0.06]">
        {thread.closed || thread.moderation_state !== 'visible' ? (
          <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="talk-closed">
            <Lock aria-hidden="true" className="size-4" />
            {t('talk.closedNotice')}
          </p>
        ) : (
          <ReplyBox meetingId={meetingId} threadId={threadId} onReplied={refresh} />
        )}
      </div>
    </section>
  );
}

function ReplyItem({
  reply,
  meetingId,
  timeZone,
}: {
  reply: ThreadReply;
  meetingId: string;
  timeZone: string;
}) {
  return (
    <li className="flex flex-col gap-2 p-4" data-testid="reply-item">
      <div className="flex items-center justify-between gap-2">
        <AuthorLine
          user={reply.user}
          isMine={reply.is_mine === 1}
          created={reply.created}
          timeZone={timeZone}
        />
        <ModerationBadge state={reply.moderation_state} />
      </div>
      <div dir="auto">
        <Paragraphs text={reply.content} className="text-[15px] leading-relaxed text-slate-800 break-words" />
      </div>
      <div className="flex items-center gap-1">
        <LikeButton
          key={reply._id.$id}
          meetingId={meetingId}
          target="reply"
          targetId={reply._id.$id}
          initial={{ isActive: reply.is_liked === 1, count: reply.like_total }}
          size="sm"
        />
        {reply.is_mine ? null : (
          <span className="ms-auto">
            <ReportButton meetingId={meetingId} kind="thread_reply" targetId={reply._id.$id} />
          </span>
        )}
      </div>
    </li>
  );
}

function ReplySkeleton() {
  return (
    <div className="rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]">
      <div className="flex items-center gap-2">
        <Skeleton className="size-7 rounded-full" />
        <Skeleton className="h-4 w-24" />
      </div>
      <SkeletonText lines={2} className="mt-3" />
    </div>
  );
}

function TalkSkeleton() {
  return (
    <div
      className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8"
      aria-busy="true"
    >
      <Skeleton className="h-4 w-32" />
      <div className="rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06] desk:p-6">
        <Skeleton className="h-7 w-3/4" />
        <div className="mt-3 flex items-center gap-2">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 w-28" />
        </div>
        <SkeletonText lines={4} className="mt-4" />
      </div>
      <ReplySkeleton />
    </div>
  );
}

export { TalkRoute as Component };
