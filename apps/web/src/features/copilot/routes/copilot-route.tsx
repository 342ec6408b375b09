import { useQueryClient } from '@tanstack/react-query';
import { Bot, MessageSquarePlus, RotateCw, SendHorizontal, Sparkles, Square } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import {
  askCopilot,
  type CopilotCard,
  type CopilotConversation,
  type CopilotMessage,
  maxQuestionLength,
  storeExchange,
  useConversation,
  useNewConversation,
  useRateAnswer,
} from '../api/copilot.ts';
import { CopilotCardLink, NoticeLine, RatingButtons } from '../components/copilot-answer.tsx';

/** The answer being streamed: what has arrived so far. */
type LiveExchange = {
  question: string;
  text: string;
  cards: CopilotCard[];
  notices: string[];
  engine: 'model' | 'builtin' | '';
  /** 'asking' until the stream ends; 'error' when it failed (with retry). */
  phase: 'asking' | 'error';
  error?: { status: number; code: string | number; message: string; retryAfter?: number | undefined };
};

/**
 * /meeting/copilot?meeting_id= (§1 AI copilot; §3 exhibition.copilot_*; §9 three default example
 * questions): the meeting's assistant. The header names it (copilot_name, else the catalogue's), the
 * prologue greets with the meeting's title and description and offers example questions (the
 * meeting's, else three from the catalogue); the caller's conversation (kept per user, or per device
 * for a visitor) lists questions and answers; an answer streams in as the server writes it, as plain
 * text (never HTML) with cards that open the items it cites; each answer takes a thumbs up or down;
 * "New conversation" starts afresh. A refusal says why (§8 'Do not operate frequently!' with the wait,
 * the copilot turned off) and a failure offers to ask again.
 */
function CopilotRoute() {
  const { t, ready } = useTranslation(['copilot', 'common']);
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const conversation = useConversation(meetingId);

  if (conversation.isError) {
    return <ErrorState className="py-24" onRetry={() => void conversation.refetch()} />;
  }
  if (conversation.isPending || !ready) return <CopilotSkeleton />;
  if (conversation.data.assistant.enabled !== 1 || meeting.exhibition.enable_copilot !== 1) {
    return (
      <EmptyState
        className="py-24"
        icon={<Bot aria-hidden="true" className="size-7" />}
        title={t('disabled.title')}
        description={t('disabled.description')}
      />
    );
  }
  return <Conversation meetingId={meetingId} data={conversation.data} />;
}

function Conversation({ meetingId, data }: { meetingId: string; data: CopilotConversation }) {
  const { t } = useTranslation(['copilot', 'common']);
  const { t: tc } = useTranslation('common');
  const meeting = useMeeting();
  const language = useLanguage();
  const client = useQueryClient();
  const exhibition = meeting.exhibition;
  const name = exhibition.copilot_name?.trim() || data.assistant.name || t('title');
  const examples = (exhibition.copilot_prologue_questions ?? []).map((q) => q.trim()).filter(Boolean);
  const questions = examples.length > 0 ? examples : [t('examples.q1'), t('examples.q2'), t('examples.q3')];
  const [draft, setDraft] = useState('');
  const [live, setLive] = useState<LiveExchange | null>(null);
  // Notices arrive with the stream only (not stored): kept per answer for this visit.
  const [notices, setNotices] = useState<Record<string, string[]>>({});
  const abort = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement | null>(null);
  const inputId = useId();
  const countId = useId();
  const rate = useRateAnswer(meetingId);
  const reset = useNewConversation(meetingId);
  const isAsking = live?.phase === 'asking';

  useEffect(() => () => abort.current?.abort(), []);
  // Keeps the newest line in view as the answer grows.
  const messageCount = data.messages.length;
  const liveLength = live ? live.text.length + live.cards.length + live.notices.length : -1;
  useEffect(() => {
    if (messageCount === 0 && liveLength < 0) return;
    endRef.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [messageCount, liveLength]);

  const noticeText = (code: string, message: string) =>
    code === 'copilot.provider_unavailable' ? t('notice.providerUnavailable') : message;

  const ask = async (question: string) => {
    const content = question.trim();
    if (!content || isAsking) return;
    if (content.length > maxQuestionLength) {
      showToast(t('errors.tooLong', { max: maxQuestionLength }));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setDraft('');
    let exchange: LiveExchange = {
      question: content,
      text: '',
      cards: [],
      notices: [],
      engine: '',
      phase: 'asking',
    };
    setLive(exchange);
    const update = (next: Partial<LiveExchange>) => {
      exchange = { ...exchange, ...next };
      setLive(exchange);
    };
    let meta: { conversation_id: string; question_id: string; answer_id: string } | null = null;
    let finished: { state: CopilotMessage['state']; content?: string | undefined } | null = null;
    try {
      await askCopilot(
        { meetingId, content, conversationId: data.conversation_id?.$id ?? null, language },
        (event) => {
          switch (event.event) {
            case 'meta':
              meta = event.data;
              update({ engine: event.data.engine });
              break;
            case 'delta':
              update({ text: exchange.text + event.data.text });
              break;
            case 'cards':
              update({ cards: event.data.cards });
              break;
            case 'notice':
              // `reset`: the model's answer was cut short; the answer that follows replaces its text.
              update({
                notices: [...exchange.notices, noticeText(event.data.code, event.data.message)],
                ...(event.data.reset ? { text: '', cards: [] } : {}),
              });
              break;
            case 'done':
              finished = { state: event.data.state, content: event.data.content };
              update({ engine: event.data.engine });
              break;
          }
        },
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure =
        error instanceof ApiError
          ? { status: error.status, code: error.code, message: error.message, retryAfter: error.retryAfter }
          : { status: 0, code: 'network_error', message: String(error) };
      if (!meta) {
        update({ phase: 'error', error: failure });
        return;
      }
      finished = { state: 'failed' };
    }
    if (controller.signal.aborted) return;
    const ids = meta as { conversation_id: string; question_id: string; answer_id: string } | null;
    if (!ids) {
      update({ phase: 'error', error: { status: 0, code: 'network_error', message: '' } });
      return;
    }
    const end = finished as { state: CopilotMessage['state']; content?: string | undefined } | null;
    const now = Math.floor(Date.now() / 1000);
    storeExchange(client, meetingId, ids.conversation_id, [
      {
        _id: { $id: ids.question_id },
        role: 'user',
        content,
        cards: [],
        engine: '',
        state: 'done',
        rating: 0,
        created_at: now,
      },
      {
        _id: { $id: ids.answer_id },
        role: 'assistant',
        content: end?.content ?? exchange.text,
        cards: exchange.cards,
        engine: exchange.engine,
        state: end?.state ?? 'failed',
        rating: 0,
        created_at: now,
      },
    ]);
    setNotices((current) => ({ ...current, [ids.answer_id]: exchange.notices }));
    setLive(null);
  };

  const stop = () => {
    abort.current?.abort();
    abort.current = null;
    setLive(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(draft);
    }
  };

  const startNew = () => {
    stop();
    reset.mutate(undefined, {
      onSuccess: () => {
        setNotices({});
        showToast(t('newConversationDone'));
      },
      onError: (error) => showToast(apiErrorMessage(error, tc)),
    });
  };

  const hasMessages = data.messages.length > 0 || live !== null;

  return (
    <div
      className="flex min-h-[calc(100dvh-60px-56px-env(safe-area-inset-bottom))] flex-col desk:mx-auto desk:min-h-[calc(100dvh-64px)] desk:max-w-3xl"
      data-testid="copilot-page"
    >
      <header className="flex items-center gap-3 px-4 pt-4 pb-2 desk:px-0 desk:pt-8">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h1
            className="truncate text-[17px] font-semibold text-slate-900 desk:text-xl"
            data-testid="copilot-name"
          >
            <bdi>{name}</bdi>
          </h1>
          <p className="truncate text-[12px] text-slate-500">{t('disclaimer')}</p>
        </div>
        {hasMessages ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={startNew}
            disabled={reset.isPending}
            data-testid="copilot-new"
            className="shrink-0"
          >
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            <span className="max-desk:sr-only">{t('newConversation')}</span>
          </Button>
        ) : null}
      </header>

      <div
        className="flex-1 space-y-4 px-4 pt-2 pb-4 desk:px-0"
        aria-live="polite"
        data-testid="copilot-messages"
      >
        <section
          className="rounded-card bg-gradient-to-br from-primary/10 to-white p-4 ring-1 ring-primary/15"
          data-testid="copilot-prologue"
        >
          <h2 dir="auto" className="text-[16px] font-semibold text-slate-900">
            <bdi>{exhibition.copilot_prologue_title?.trim() || t('prologue.title', { name })}</bdi>
          </h2>
          <p dir="auto" className="mt-1 whitespace-pre-line text-[14px] text-slate-600">
            <bdi>{exhibition.copilot_prologue_description?.trim() || t('prologue.description')}</bdi>
          </p>
          <p className="mt-3 text-[12px] font-medium text-slate-500">{t('examples.title')}</p>
          <ul className="mt-1.5 flex flex-col items-start gap-2">
            {questions.map((question) => (
              <li key={question} className="max-w-full">
                <button
                  type="button"
                  onClick={() => void ask(question)}
                  disabled={isAsking}
                  data-testid="copilot-example"
                  className="max-w-full rounded-2xl bg-white px-3 py-1.5 text-start text-[14px] text-primary ring-1 ring-primary/25 transition hover:bg-primary/5 disabled:opacity-50"
                >
                  <bdi>{question}</bdi>
                </button>
              </li>
            ))}
          </ul>
        </section>

        {data.messages.map((message) =>
          message.role === 'user' ? (
            <Question key={message._id.$id} text={message.content} />
          ) : (
            <Answer
              key={message._id.$id}
              meetingId={meetingId}
              text={message.content}
              cards={message.cards}
              notices={[
                ...(notices[message._id.$id] ?? []),
                ...(message.engine === 'builtin' && !(notices[message._id.$id] ?? []).length
                  ? [t('notice.builtin')]
                  : []),
              ]}
              failed={message.state === 'failed'}
              footer={
                message.state === 'done' ? (
                  <RatingButtons
                    rating={message.rating}
                    isBusy={rate.isPending}
                    onRate={(rating) =>
                      rate.mutate(
                        { answerId: message._id.$id, rating },
                        {
                          onSuccess: () => {
                            if (rating !== 0) showToast(t('rating.thanks'));
                          },
                          onError: (error) => showToast(apiErrorMessage(error, tc)),
                        },
                      )
                    }
                  />
                ) : null
              }
            />
          ),
        )}

        {live ? (
          <>
            <Question text={live.question} />
            {live.phase === 'error' ? (
              <AskFailed error={live.error} onRetry={() => void ask(live.question)} />
            ) : (
              <Answer
                meetingId={meetingId}
                text={live.text}
                cards={live.cards}
                notices={live.notices}
                isStreaming={true}
              />
            )}
          </>
        ) : null}
        <div ref={endRef} />
      </div>

      <form
        onSubmit={submit}
        className="sticky bottom-[calc(60px+env(safe-area-inset-bottom))] border-slate-200/80 border-t bg-white/95 px-3 pt-2 pb-2 backdrop-blur desk:bottom-0 desk:rounded-t-card desk:px-4 desk:pb-4"
      >
        <label htmlFor={inputId} className="sr-only">
          {t('composer.label')}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('composer.placeholder')}
            maxLength={maxQuestionLength}
            rows={1}
            enterKeyHint="send"
            aria-describedby={countId}
            data-testid="copilot-input"
            className="max-h-36 min-h-11 flex-1 resize-none rounded-2xl bg-slate-100 px-4 py-2.5 text-[16px] leading-6 outline-none [field-sizing:content] placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-primary"
          />
          {isAsking ? (
            <button
              type="button"
              onClick={stop}
              aria-label={t('composer.stop')}
              data-testid="copilot-stop"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-800 text-white"
            >
              <Square aria-hidden="true" className="size-4 fill-current" />
            </button>
          ) : (
            <button
              type="submit"
              aria-label={t('composer.send')}
              disabled={!draft.trim()}
              data-testid="copilot-send"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-button text-on-button disabled:opacity-40"
            >
              <SendHorizontal aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </button>
          )}
        </div>
        <div className="mt-1 flex justify-end px-1">
          <CharacterCount length={draft.length} max={maxQuestionLength} id={countId} />
        </div>
      </form>
    </div>
  );
}

function Question({ text }: { text: string }) {
  return (
    <div className="flex justify-end" data-testid="copilot-question">
      <p
        dir="auto"
        className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-se-md bg-primary px-3.5 py-2 text-[15px] text-on-primary"
      >
        {text}
      </p>
    </div>
  );
}

function Answer({
  meetingId,
  text,
  cards,
  notices,
  isStreaming = false,
  failed = false,
  footer,
}: {
  meetingId: string;
  text: string;
  cards: CopilotCard[];
  notices: string[];
  isStreaming?: boolean;
  failed?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('copilot');
  return (
    <div className="flex gap-2" data-testid="copilot-answer" aria-busy={isStreaming}>
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles aria-hidden="true" className="size-3.5" />
      </span>
      <div className="min-w-0 max-w-[90%] flex-1">
        <div
          className={cx(
            'rounded-2xl rounded-ss-md bg-white px-3.5 py-2.5 text-[15px] text-slate-800 ring-1 ring-slate-900/[0.06]',
            failed && 'text-slate-500',
          )}
        >
          {text ? (
            <p dir="auto" className="whitespace-pre-wrap break-words" data-testid="copilot-answer-text">
              {text}
              {isStreaming ? (
                <span className="ms-0.5 inline-block h-4 w-1.5 animate-pulse bg-primary/60 align-middle" />
              ) : null}
            </p>
          ) : isStreaming ? (
            <p className="flex items-center gap-2 text-slate-500" data-testid="copilot-thinking">
              <span className="flex gap-1" aria-hidden="true">
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:120ms]" />
                <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:240ms]" />
              </span>
              {t('thinking')}
            </p>
          ) : (
            <p>{t('errors.answerFailed')}</p>
          )}
          {cards.length > 0 ? (
            <div className="mt-3">
              <p className="mb-1.5 text-[12px] font-medium text-slate-500">{t('cards.title')}</p>
              <ul className="grid gap-2 desk:grid-cols-2" data-testid="copilot-cards">
                {cards.map((card, index) => (
                  <li key={`${card.type}:${card.id}`}>
                    <CopilotCardLink card={card} meetingId={meetingId} number={index + 1} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        {notices.map((notice) => (
          <NoticeLine key={notice} text={notice} />
        ))}
        {footer}
      </div>
    </div>
  );
}

/** A question the server refused or that could not be sent: why, and ask again (after the wait, §8). */
function AskFailed({ error, onRetry }: { error: LiveExchange['error']; onRetry: () => void }) {
  const { t } = useTranslation(['copilot', 'common']);
  const { t: tc } = useTranslation('common');
  const isTooFrequent = error?.status === 429;
  const [left, setLeft] = useState(isTooFrequent ? (error?.retryAfter ?? 0) : 0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const message = isTooFrequent
    ? left > 0
      ? t('errors.tooFrequent', { seconds: left })
      : t('errors.tooFrequentNow')
    : error?.code === 'copilot.disabled'
      ? t('disabled.title')
      : error && error.status >= 400 && error.status < 500
        ? apiErrorMessage(new ApiError(error.status, error.code, error.message), tc)
        : t('errors.failed');
  return (
    <div className="flex justify-start" role="alert" data-testid="copilot-error">
      <div className="max-w-[90%] rounded-2xl bg-red-50 px-3.5 py-2.5 text-[14px] text-red-700 ring-1 ring-red-100">
        <p>{message}</p>
        {error?.code === 'copilot.disabled' ? null : (
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={onRetry}
            disabled={left > 0}
            data-testid="copilot-retry"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('errors.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}

function CopilotSkeleton() {
  return (
    <div
      className="space-y-5 px-4 pt-4 desk:mx-auto desk:max-w-3xl desk:px-0 desk:pt-8"
      aria-busy="true"
      data-testid="copilot-skeleton"
    >
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-48" />
        </div>
      </div>
      <div className="space-y-3 rounded-card p-4 ring-1 ring-slate-100">
        <Skeleton className="h-4 w-2/3" />
        <SkeletonText lines={2} />
        <Skeleton className="h-8 w-56 rounded-2xl" />
        <Skeleton className="h-8 w-64 rounded-2xl" />
        <Skeleton className="h-8 w-48 rounded-2xl" />
      </div>
    </div>
  );
}

export { CopilotRoute as Component };
