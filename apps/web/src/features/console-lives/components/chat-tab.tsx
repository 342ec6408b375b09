import type { ConsoleLiveChatMessage } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, MessageSquareOff, MicOff, Pin, PinOff, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import {
  chatsQueryOptions,
  consoleLiveKeys,
  deleteChat,
  moderateUser,
  pinChat,
} from '../api/console-lives-api.ts';

type Filter = '' | ConsoleLiveChatMessage['state'];
type Pending =
  | { kind: 'delete'; message: ConsoleLiveChatMessage }
  | { kind: 'ban'; message: ConsoleLiveChatMessage; banned: 0 | 1 };

const stateStyles: Record<ConsoleLiveChatMessage['state'], string> = {
  visible: 'bg-emerald-50 text-emerald-800',
  review: 'bg-amber-50 text-amber-800',
  deleted: 'bg-slate-100 text-slate-500',
};

/**
 * The chat moderation tab (§7 Lives; §5 sensitive content): every message of the live newest first,
 * filtered by state (visible, held for review, deleted); per message delete, pin or unpin, and mute or
 * ban its poster (ban and delete after a confirmation). Refreshes every 10 s while the live streams.
 */
export function ChatTab({
  meetingId,
  liveId,
  timeZone,
  isLive,
}: {
  meetingId: string;
  liveId: string;
  timeZone: string;
  isLive: boolean;
}) {
  const { t } = useTranslation('console-lives');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [isBusy, setBusy] = useState(false);
  const chats = useQuery({
    ...chatsQueryOptions(meetingId, liveId, filter),
    refetchInterval: isLive ? 10_000 : false,
  });

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      showToast(done);
      await queryClient.invalidateQueries({ queryKey: consoleLiveKeys.one(meetingId, liveId) });
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const filters: { value: Filter; label: string }[] = [
    { value: '', label: t('chat.all') },
    { value: 'visible', label: t('chat.state.visible') },
    { value: 'review', label: t('chat.state.review') },
    { value: 'deleted', label: t('chat.state.deleted') },
  ];

  return (
    <div className="flex flex-col gap-3" data-testid="console-live-chat">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">{t('chat.filter')}</legend>
          {filters.map((item) => (
            <button
              key={item.value || 'all'}
              type="button"
              aria-pressed={filter === item.value}
              onClick={() => setFilter(item.value)}
              className={cx(
                'h-8 rounded-full px-3 text-sm transition',
                filter === item.value
                  ? 'bg-primary text-on-primary shadow-sm'
                  : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50',
              )}
            >
              {item.label}
            </button>
          ))}
        </fieldset>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void chats.refetch()}
          disabled={chats.isFetching}
        >
          <RotateCw aria-hidden="true" className={cx('size-4', chats.isFetching && 'animate-spin')} />
          {t('refresh')}
        </Button>
      </div>
      <Card className="overflow-hidden">
        {chats.isPending ? (
          <TableSkeleton />
        ) : chats.isError ? (
          <ConsoleErrorState error={chats.error} onRetry={() => void chats.refetch()} />
        ) : chats.data.items.length === 0 ? (
          <EmptyState
            icon={<MessageSquareOff aria-hidden="true" className="size-7" />}
            title={t('chat.empty')}
            description={t('chat.emptyHint')}
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {chats.data.items.map((message) => (
              <li key={message._id.$id} className="flex gap-3 px-4 py-3" data-testid="console-live-message">
                <Avatar
                  name={message.user.username}
                  photo={message.user.avatar}
                  className="size-9 shrink-0"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                    <bdi className="font-medium text-slate-800">
                      {message.user.username || t('users.noName')}
                    </bdi>
                    <span>
                      {formatDate(message.created * 1000, timeZone, language, {
                        day: 'numeric',
                        month: 'short',
                      })}{' '}
                      {clockTime(message.created * 1000, timeZone, language)}
                    </span>
                    <span className={cx('rounded-full px-1.5 py-0.5', stateStyles[message.state])}>
                      {t(`chat.state.${message.state}`)}
                    </span>
                    {message.pinned ? (
                      <span className="rounded-full bg-primary/10 px-1.5 py-0.5 text-primary">
                        {t('chat.pinned')}
                      </span>
                    ) : null}
                    {message.muted ? (
                      <span className="rounded-full bg-slate-100 px-1.5 py-0.5">{t('users.muted')}</span>
                    ) : null}
                    {message.banned ? (
                      <span className="rounded-full bg-red-50 px-1.5 py-0.5 text-red-700">
                        {t('users.banned')}
                      </span>
                    ) : null}
                  </div>
                  <p
                    className={cx(
                      'mt-1 text-[15px] break-words whitespace-pre-wrap text-slate-900',
                      message.state === 'deleted' && 'text-slate-400 line-through',
                    )}
                    dir="auto"
                  >
                    {message.text}
                  </p>
                  <div className="mt-1.5 flex flex-wrap gap-1">
                    {message.state === 'visible' ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={isBusy}
                        onClick={() =>
                          void act(
                            () => pinChat(liveId, message.pinned ? '' : message._id.$id),
                            message.pinned ? t('chat.unpinned') : t('chat.pinnedDone'),
                          )
                        }
                      >
                        {message.pinned ? (
                          <PinOff aria-hidden="true" className="size-4" />
                        ) : (
                          <Pin aria-hidden="true" className="size-4" />
                        )}
                        {message.pinned ? t('chat.unpin') : t('chat.pin')}
                      </Button>
                    ) : null}
                    {message.state !== 'deleted' ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={isBusy}
                        onClick={() => setPending({ kind: 'delete', message })}
                        data-testid="console-live-message-delete"
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        {t('chat.delete')}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={isBusy}
                      onClick={() =>
                        void act(
                          () => moderateUser(liveId, message.user._id.$id, { muted: message.muted ? 0 : 1 }),
                          message.muted ? t('users.unmutedDone') : t('users.mutedDone'),
                        )
                      }
                    >
                      <MicOff aria-hidden="true" className="size-4" />
                      {message.muted ? t('users.unmute') : t('users.mute')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={isBusy}
                      onClick={() => setPending({ kind: 'ban', message, banned: message.banned ? 0 : 1 })}
                    >
                      <Ban aria-hidden="true" className="size-4" />
                      {message.banned ? t('users.unban') : t('users.ban')}
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        isOpen={pending !== null}
        title={
          pending?.kind === 'delete'
            ? t('chat.deleteConfirm')
            : pending?.banned
              ? t('users.banConfirm', { name: pending.message.user.username || t('users.noName') })
              : t('users.unbanConfirm', { name: pending?.message.user.username || t('users.noName') })
        }
        body={pending?.kind === 'ban' && pending.banned ? t('users.banBody') : undefined}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const message = pending.message;
          if (pending.kind === 'delete')
            void act(() => deleteChat(liveId, message._id.$id), t('chat.deleted'));
          else {
            const banned = pending.banned;
            void act(
              () => moderateUser(liveId, message.user._id.$id, { banned }),
              banned ? t('users.bannedDone') : t('users.unbannedDone'),
            );
          }
        }}
      />
    </div>
  );
}
