import type { Thread, ThreadAuthor, ThreadModerationState } from '@app/contracts';
import { Lock, Pin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTime } from '../../../lib/time.ts';

/** When something was posted: the time today, else the date (in the meeting's zone). */
export function usePostedAt(seconds: number, timeZone: string): string {
  const language = useLanguage();
  const ms = seconds * 1000;
  const isToday =
    formatDate(ms, timeZone, language, { dateStyle: 'medium' }) ===
    formatDate(Date.now(), timeZone, language, { dateStyle: 'medium' });
  return isToday
    ? formatTime(ms, timeZone, language)
    : formatDate(ms, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The author's avatar and name ("You" for the reader's own) with the posting time. */
export function AuthorLine({
  user,
  isMine,
  created,
  timeZone,
  size = 'sm',
}: {
  user: ThreadAuthor;
  isMine: boolean;
  created: number;
  timeZone: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('threads');
  const name = user.name || t('item.anonymous');
  const postedAt = usePostedAt(created, timeZone);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Avatar name={name} photo={user.avatar} className={size === 'md' ? 'size-9' : 'size-7'} />
      <span className="truncate text-sm font-medium text-slate-700">
        {name}
        {isMine ? <span className="ms-1 text-xs font-normal text-slate-400">({t('item.mine')})</span> : null}
      </span>
      <span aria-hidden="true" className="text-slate-300">
        ·
      </span>
      <time className="shrink-0 text-xs text-slate-500" dateTime={new Date(created * 1000).toISOString()}>
        {postedAt}
      </time>
    </div>
  );
}

/** "Under review" / "Blocked", shown to the author only (the server sends those states to them alone). */
export function ModerationBadge({ state }: { state: ThreadModerationState }) {
  const { t } = useTranslation('moderation');
  if (state === 'visible') return null;
  return (
    <span
      className={
        state === 'blocked'
          ? 'rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200'
          : 'rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200'
      }
      title={state === 'review' ? t('state.reviewHint') : undefined}
      data-testid="moderation-badge"
    >
      {t(`state.${state}`)}
    </span>
  );
}

/** Pinned and closed markers of a thread. */
export function ThreadFlags({ thread }: { thread: Pick<Thread, 'pinned' | 'closed' | 'moderation_state'> }) {
  const { t } = useTranslation('threads');
  if (!thread.pinned && !thread.closed && thread.moderation_state === 'visible') return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {thread.pinned ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
          <Pin aria-hidden="true" className="size-3" />
          {t('item.pinned')}
        </span>
      ) : null}
      {thread.closed ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
          <Lock aria-hidden="true" className="size-3" />
          {t('item.closed')}
        </span>
      ) : null}
      <ModerationBadge state={thread.moderation_state} />
    </span>
  );
}
