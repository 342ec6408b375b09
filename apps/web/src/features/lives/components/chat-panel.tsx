import type { LiveChatMessage, LiveSocketEvent } from '@app/contracts';
import { liveLimits } from '@app/contracts/wire/live-limits.ts';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { Ellipsis, MessageCircle, Pin, PinOff, SendHorizontal, WifiOff } from 'lucide-react';
import { type FormEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ConfirmDialog, ModalDialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import {
  type ChatPage,
  deleteChat,
  moderateUser,
  pinChat,
  useChatHistory,
  usePostChat,
} from '../api/lives.ts';
import { chatErrorMessage } from './live-texts.ts';
import { useRoomSocket } from './use-room-socket.ts';

type Pages = InfiniteData<ChatPage, string>;

/** Adds a message to the newest page unless it is there already (the socket and the post answer both bring it). */
function withMessage(pages: Pages | undefined, message: LiveChatMessage): Pages | undefined {
  if (!pages) return pages;
  const id = message._id.$id;
  if (pages.pages.some((page) => page.results.some((item) => item._id.$id === id))) return pages;
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  return { ...pages, pages: [{ ...first, results: [message, ...first.results] }, ...rest] };
}

function withoutMessage(pages: Pages | undefined, messageId: string): Pages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      results: page.results.filter((item) => item._id.$id !== messageId),
      pinned: page.pinned?._id.$id === messageId ? null : page.pinned,
    })),
  };
}

function withPinned(pages: Pages | undefined, pinned: LiveChatMessage | null): Pages | undefined {
  if (!pages) return pages;
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  return { ...pages, pages: [{ ...first, pinned }, ...rest] };
}

type Moderation = { message: LiveChatMessage; action: 'delete' | 'mute' | 'ban' } | null;

/**
 * The room's real-time chat (§7 Lives; DESIGN §9): the last 50 messages on joining and older ones on
 * demand (GET /lives/{id}/chats), new ones pushed over the room socket, the pinned message on top,
 * and the post box (200 characters with a counter; refusals say why: too frequent, muted, sensitive
 * content, chat closed). Moderators (`canModerate`) get a menu on every message: pin, delete, mute
 * and ban the poster, the last three after a confirmation; posters may delete their own messages.
 * Socket events also tell the room about state, online count and the caller's own moderation.
 */
export function ChatPanel({
  liveId,
  userId,
  isLoggedIn,
  canChat,
  canModerate,
  isChatEnabled,
  loginTo,
  onRoomEvent,
  className,
}: {
  liveId: string;
  /** The logged-in viewer's id ('' for visitors): their own messages can be deleted. */
  userId: string;
  isLoggedIn: boolean;
  canChat: boolean;
  canModerate: boolean;
  isChatEnabled: boolean;
  /** The login page, returning to the room. */
  loginTo: string;
  /** state / online / moderated events, for the room. */
  onRoomEvent: (event: LiveSocketEvent) => void;
  className?: string;
}) {
  const { t } = useTranslation(['lives', 'common', 'moderation']);
  const { t: tc } = useTranslation('common');
  const client = useQueryClient();
  const key = ['lives', 'chats', liveId];
  const history = useChatHistory(liveId, true);
  const post = usePostChat(liveId);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [menuFor, setMenuFor] = useState<LiveChatMessage | null>(null);
  const [moderation, setModeration] = useState<Moderation>(null);
  const [isBusy, setBusy] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);

  const nameOf = (message: LiveChatMessage) => message.user.username || t('lives:chat.someone');

  const status = useRoomSocket(
    liveId,
    true,
    (event) => {
      if (event.type === 'message') {
        client.setQueryData<Pages>(key, (pages) => withMessage(pages, event.message));
      } else if (event.type === 'removed') {
        client.setQueryData<Pages>(key, (pages) => withoutMessage(pages, event.message_id.$id));
      } else if (event.type === 'pinned') {
        client.setQueryData<Pages>(key, (pages) => withPinned(pages, event.message));
      } else {
        onRoomEvent(event);
      }
    },
    () => void client.invalidateQueries({ queryKey: key }),
    // The live's access changed: the room re-reads who may watch (and the play address).
    () => void client.invalidateQueries({ queryKey: ['lives', 'permission', liveId] }),
  );

  // Oldest first on screen, as chats read; pages hold newest first.
  const messages = useMemo(
    () => (history.data?.pages.flatMap((page) => page.results) ?? []).slice().reverse(),
    [history.data],
  );
  const pinned = history.data?.pages[0]?.pinned ?? null;

  // Keep the view at the newest message while the reader is there; keep their place when older
  // messages are added above.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || messages.length === 0) return;
    if (keepOffset.current !== null) {
      list.scrollTop = list.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (stickToBottom.current) {
      list.scrollTop = list.scrollHeight;
    }
  }, [messages]);

  const loadOlder = () => {
    const list = listRef.current;
    if (list) keepOffset.current = list.scrollHeight - list.scrollTop;
    void history.fetchNextPage();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || post.isPending) return;
    setError('');
    post.mutate(value, {
      onSuccess: (answer) => {
        setText('');
        stickToBottom.current = true;
        if (answer.state === 'visible') {
          client.setQueryData<Pages>(key, (pages) => withMessage(pages, answer.message));
        } else {
          showToast(t('lives:chat.review'));
        }
      },
      onError: (cause) => setError(chatErrorMessage(cause, t)),
    });
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      showToast(done);
    } catch (cause) {
      showToast(apiErrorMessage(cause, tc));
    } finally {
      setBusy(false);
      setModeration(null);
      setMenuFor(null);
    }
  };

  const confirm = () => {
    if (!moderation) return;
    const { message, action } = moderation;
    if (action === 'delete') {
      void run(async () => {
        await deleteChat(liveId, message._id.$id);
        client.setQueryData<Pages>(key, (pages) => withoutMessage(pages, message._id.$id));
      }, t('lives:moderate.deleted'));
    } else {
      void run(
        () => moderateUser(liveId, message.user._id.$id, action === 'mute' ? { muted: 1 } : { banned: 1 }),
        t(action === 'mute' ? 'lives:moderate.muted' : 'lives:moderate.banned', {
          name: nameOf(message),
        }),
      );
    }
  };

  const togglePin = (message: LiveChatMessage | null) =>
    void run(
      async () => {
        const answer = await pinChat(liveId, message?._id.$id ?? '');
        client.setQueryData<Pages>(key, (pages) => withPinned(pages, answer.pinned));
      },
      t(message ? 'lives:moderate.pinnedDone' : 'lives:moderate.unpinnedDone'),
    );

  const composer = !isChatEnabled ? (
    <p className="px-4 py-3 text-center text-[13px] text-slate-500">{t('lives:chat.closed')}</p>
  ) : !isLoggedIn ? (
    <div className="flex items-center justify-between gap-3 px-4 py-2.5">
      <p className="text-[13px] text-slate-500">{t('lives:chat.loginHint')}</p>
      <ButtonLink to={loginTo} size="sm" variant="secondary">
        {t('lives:chat.login')}
      </ButtonLink>
    </div>
  ) : !canChat ? (
    <p className="px-4 py-3 text-center text-[13px] text-slate-500" data-testid="chat-muted">
      {t('lives:chat.muted')}
    </p>
  ) : (
    <form onSubmit={submit} className="flex flex-col gap-1 px-3 py-2.5" data-testid="chat-form">
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`chat-input-${liveId}`}>
          {t('lives:chat.placeholder')}
        </label>
        <textarea
          id={`chat-input-${liveId}`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          maxLength={liveLimits.chatText}
          rows={1}
          placeholder={t('lives:chat.placeholder')}
          aria-describedby={`chat-count-${liveId}`}
          aria-invalid={error ? true : undefined}
          className="max-h-24 min-h-10 flex-1 resize-none rounded-2xl bg-slate-100 px-3.5 py-2 text-[15px] text-slate-900 outline-none placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-primary/40"
          data-testid="chat-input"
        />
        <Button
          type="submit"
          size="sm"
          className="h-10 shrink-0 rounded-full px-4"
          disabled={text.trim() === '' || post.isPending}
          aria-label={t('lives:chat.send')}
          data-testid="chat-send"
        >
          <SendHorizontal aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2 px-1">
        <p role="alert" className="min-h-4 text-[12px] text-red-600" data-testid="chat-error">
          {error}
        </p>
        <span
          id={`chat-count-${liveId}`}
          className={cx(
            'text-[11px] tabular-nums',
            text.length >= liveLimits.chatText * 0.9 ? 'text-amber-600' : 'text-slate-400',
            text.length === 0 && 'invisible',
          )}
          dir="ltr"
        >
          {text.length}/{liveLimits.chatText}
        </span>
      </div>
    </form>
  );

  return (
    <section
      aria-label={t('lives:chat.title')}
      className={cx('flex min-h-0 flex-col bg-white', className)}
      data-testid="chat-panel"
    >
      {pinned ? (
        <div
          className="flex items-start gap-2 border-slate-100 border-b bg-primary/5 px-4 py-2 text-[13px]"
          data-testid="chat-pinned"
        >
          <Pin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-primary" />
          <p className="min-w-0 flex-1 text-slate-700">
            <span className="font-medium text-slate-900">
              <bdi>{nameOf(pinned)}</bdi>
            </span>
            {t('lives:chat.colon')}
            <bdi className="break-words">{pinned.text}</bdi>
          </p>
          {canModerate ? (
            <button
              type="button"
              className="shrink-0 text-slate-400 hover:text-slate-700"
              aria-label={t('lives:moderate.unpin')}
              onClick={() => togglePin(null)}
            >
              <PinOff aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      ) : null}
      {status === 'offline' && history.isSuccess ? (
        <p className="flex items-center justify-center gap-1.5 bg-amber-50 px-3 py-1 text-[12px] text-amber-800">
          <WifiOff aria-hidden="true" className="size-3.5" />
          {t('lives:chat.reconnecting')}
        </p>
      ) : null}
      <div
        ref={listRef}
        onScroll={(event) => {
          const list = event.currentTarget;
          stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-2"
        aria-live="polite"
        aria-busy={history.isPending}
        data-testid="chat-list"
      >
        {history.hasNextPage ? (
          <div className="flex justify-center py-1">
            <button
              type="button"
              onClick={loadOlder}
              disabled={history.isFetchingNextPage}
              className="rounded-full px-3 py-1 text-[12px] text-primary hover:bg-primary/10"
            >
              {history.isFetchingNextPage ? t('common:states.loadingMore') : t('lives:chat.older')}
            </button>
          </div>
        ) : null}
        {history.isPending ? (
          <p className="py-8 text-center text-[13px] text-slate-400">{t('common:states.loading')}</p>
        ) : history.isError ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-[13px] text-slate-500">
            {t('lives:chat.loadFailed')}
            <Button size="sm" variant="secondary" onClick={() => void history.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        ) : messages.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-[13px] text-slate-400">
            <MessageCircle aria-hidden="true" className="size-6" />
            {t('lives:chat.empty')}
          </div>
        ) : (
          <ul className="flex flex-col gap-2.5">
            {messages.map((message) => {
              const isMine = message.user._id.$id === userId;
              return (
                <li key={message._id.$id} className="group flex items-start gap-2" data-testid="chat-message">
                  <Avatar
                    name={nameOf(message)}
                    photo={message.user.avatar}
                    className="mt-0.5 size-7 text-[11px]"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="text-[12px] text-slate-500">
                      <bdi>{nameOf(message)}</bdi>
                    </p>
                    <p className="w-fit max-w-full rounded-2xl rounded-ss-md bg-slate-100 px-3 py-1.5 text-[14px] text-slate-900 leading-snug break-words whitespace-pre-line">
                      <bdi>{message.text}</bdi>
                    </p>
                  </div>
                  {canModerate || isMine ? (
                    <button
                      type="button"
                      className="mt-4 shrink-0 rounded-full p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                      aria-label={t('lives:moderate.menu')}
                      onClick={() => setMenuFor(message)}
                      data-testid="chat-message-menu"
                    >
                      <Ellipsis aria-hidden="true" className="size-4" />
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="border-slate-100 border-t">{composer}</div>

      {menuFor ? (
        <ModalDialog
          isOpen={moderation === null}
          onDismiss={() => setMenuFor(null)}
          title={t('lives:moderate.title')}
          body={
            <p className="line-clamp-3 break-words text-[14px] text-slate-500">
              <bdi>{nameOf(menuFor)}</bdi>
              {t('lives:chat.colon')}
              <bdi>{menuFor.text}</bdi>
            </p>
          }
          testId="chat-moderation"
        >
          <div className="flex w-full flex-col gap-2">
            {canModerate ? (
              <Button variant="secondary" disabled={isBusy} onClick={() => togglePin(menuFor)}>
                <Pin aria-hidden="true" className="size-4" />
                {t('lives:moderate.pin')}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setModeration({ message: menuFor, action: 'delete' })}>
              {t('lives:moderate.delete')}
            </Button>
            {canModerate && menuFor.user._id.$id !== userId ? (
              <>
                <Button
                  variant="secondary"
                  onClick={() => setModeration({ message: menuFor, action: 'mute' })}
                >
                  {t('lives:moderate.mute')}
                </Button>
                <Button
                  variant="secondary"
                  className="text-red-600"
                  onClick={() => setModeration({ message: menuFor, action: 'ban' })}
                >
                  {t('lives:moderate.ban')}
                </Button>
              </>
            ) : null}
            <Button variant="ghost" onClick={() => setMenuFor(null)}>
              {t('lives:moderate.cancel')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
      <ConfirmDialog
        isOpen={moderation !== null}
        title={
          moderation
            ? t(`lives:moderate.confirm.${moderation.action}`, { name: nameOf(moderation.message) })
            : ''
        }
        body={moderation ? t(`lives:moderate.confirmBody.${moderation.action}`) : undefined}
        confirmLabel={t('lives:moderate.ok')}
        cancelLabel={t('lives:moderate.cancel')}
        onConfirm={confirm}
        onCancel={() => setModeration(null)}
        isBusy={isBusy}
      />
    </section>
  );
}
