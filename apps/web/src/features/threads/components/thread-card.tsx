import type { Thread } from '@app/contracts';
import { Heart, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { threadPaths } from '../../../lib/threads-paths.ts';
import { AuthorLine, ThreadFlags } from './thread-meta.tsx';

/** A thread in the list: flags, title, two lines of its message, author, time, likes and replies. */
export function ThreadCard({
  thread,
  meetingId,
  timeZone,
}: {
  thread: Thread;
  meetingId: string;
  timeZone: string;
}) {
  const { t } = useTranslation('threads');
  return (
    <Link
      to={threadPaths.talk({ meetingId, threadId: thread._id.$id })}
      className="block rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-900/[0.06] transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
      data-testid="thread-card"
    >
      <ThreadFlags thread={thread} />
      <h2 dir="auto" className="mt-1 line-clamp-2 text-base font-semibold text-slate-900 break-words">
        {thread.title}
      </h2>
      <p dir="auto" className="mt-1 line-clamp-2 text-sm text-slate-600 break-words">
        {thread.content}
      </p>
      <div className="mt-3 flex items-center justify-between gap-3">
        <AuthorLine
          user={thread.user}
          isMine={thread.is_mine === 1}
          created={thread.created}
          timeZone={timeZone}
        />
        <div className="flex shrink-0 items-center gap-3 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1" title={t('item.likes')}>
            <Heart
              aria-hidden="true"
              className={thread.is_liked ? 'size-4 fill-primary text-primary' : 'size-4'}
            />
            <span className="tabular-nums" data-testid="thread-likes">
              {thread.like_total}
            </span>
            <span className="sr-only">{t('item.likes')}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircle aria-hidden="true" className="size-4" />
            <span className="tabular-nums" data-testid="thread-replies">
              {thread.reply_total}
            </span>
            <span className="sr-only">{t('item.replies')}</span>
          </span>
        </div>
      </div>
    </Link>
  );
}

/** The card's shape while the list loads. */
export function ThreadCardSkeleton() {
  return (
    <div className="rounded-card bg-white p-4 ring-1 ring-slate-900/[0.06]">
      <Skeleton className="h-5 w-2/3" />
      <SkeletonText lines={2} className="mt-2" />
      <div className="mt-3 flex items-center gap-2">
        <Skeleton className="size-7 rounded-full" />
        <Skeleton className="h-4 w-24" />
      </div>
    </div>
  );
}
