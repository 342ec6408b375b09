import { useQuery } from '@tanstack/react-query';
import { Bot, Flag, ThumbsDown, ThumbsUp, User } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { FormDialog, TextArea } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/time.ts';
import {
  type CopilotReviewMessage,
  conversationQuery,
  idOf,
  useFlagMessage,
} from '../api/console-copilot-api.ts';
import { askerName, formatCount, formatWhen } from '../components/copilot-parts.tsx';
import { copilotScreens } from '../console-copilot-screens.ts';

/** The longest flag note (the server checks the same). */
const noteLimit = 500;

/** One message: the question, or the answer with its cards, engine, figures and flag. */
function MessageItem({
  message,
  timeZone,
  onFlag,
  onUnflag,
}: {
  message: CopilotReviewMessage;
  timeZone: string;
  onFlag: () => void;
  onUnflag: () => void;
}) {
  const { t } = useTranslation('console-copilot');
  const locale = intlLocale(useLanguage());
  const isAnswer = message.role === 'assistant';
  const tokens = message.prompt_tokens + message.completion_tokens;
  return (
    <li
      className={cx('flex gap-3', isAnswer ? '' : 'flex-row-reverse')}
      data-testid={isAnswer ? 'copilot-answer' : 'copilot-question'}
    >
      <span
        aria-hidden="true"
        className={cx(
          'flex size-8 shrink-0 items-center justify-center rounded-full',
          isAnswer ? 'bg-primary/10 text-primary' : 'bg-slate-200 text-slate-600',
        )}
      >
        {isAnswer ? <Bot className="size-4" /> : <User className="size-4" />}
      </span>
      <div
        className={cx(
          'min-w-0 max-w-[85%] rounded-card p-3 ring-1',
          isAnswer
            ? message.flagged
              ? 'bg-red-50/60 ring-red-200'
              : 'bg-white ring-slate-200'
            : 'bg-primary/5 ring-primary/20',
        )}
      >
        <p className="sr-only">{isAnswer ? t('detail.answer') : t('detail.question')}</p>
        <p className="text-[14px] whitespace-pre-wrap break-words text-slate-900" dir="auto">
          {message.content}
        </p>
        {message.cards.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('detail.cards')}>
            {message.cards.map((card) => (
              <li
                key={`${card.type}-${card.id}`}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-[12px] text-slate-700"
              >
                <span className="text-slate-500">
                  {t(`cardType.${card.type}`, { defaultValue: card.type })}
                </span>
                {' · '}
                {card.title}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-[12px] text-slate-500">
          <span>{formatWhen(message.created_at, timeZone, locale)}</span>
          {isAnswer ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{message.engine === 'builtin' ? t('detail.builtin') : t('detail.model')}</span>
              {message.state !== 'done' ? (
                <span className="rounded-full bg-amber-50 px-1.5 text-amber-800 ring-1 ring-amber-200">
                  {t(`detail.state.${message.state}`)}
                </span>
              ) : null}
              {tokens > 0 ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{t('detail.tokens', { n: formatCount(tokens, locale) })}</span>
                </>
              ) : null}
              {message.first_token_ms !== null && message.first_token_ms !== undefined ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{t('detail.firstToken', { ms: formatCount(message.first_token_ms, locale) })}</span>
                </>
              ) : null}
              {message.rating === 1 ? (
                <ThumbsUp aria-label={t('detail.helpful')} className="size-3.5 text-emerald-600" />
              ) : message.rating === -1 ? (
                <ThumbsDown aria-label={t('detail.notHelpful')} className="size-3.5 text-red-600" />
              ) : null}
            </>
          ) : null}
        </p>
        {isAnswer ? (
          message.flagged ? (
            <div className="mt-2 space-y-1 border-t border-red-200 pt-2" data-testid="copilot-flagged">
              <p className="flex items-center gap-1 text-[13px] font-medium text-red-700">
                <Flag aria-hidden="true" className="size-3.5" />
                {t('detail.flaggedWrong')}
              </p>
              {message.flag_note ? (
                <p
                  className="text-[13px] whitespace-pre-wrap text-slate-700"
                  data-testid="copilot-flag-note"
                  dir="auto"
                >
                  {message.flag_note}
                </p>
              ) : null}
              <Button size="sm" variant="ghost" onClick={onUnflag} data-testid="copilot-unflag">
                {t('detail.unflag')}
              </Button>
            </div>
          ) : (
            <div className="mt-2">
              <Button size="sm" variant="secondary" onClick={onFlag} data-testid="copilot-flag">
                <Flag aria-hidden="true" className="size-3.5" />
                {t('detail.flag')}
              </Button>
            </div>
          )
        ) : null}
      </div>
    </li>
  );
}

/**
 * `#/console/meetings/:meetingId/copilot/conversations/:conversationId` (copilot.review; §1 copilot):
 * one conversation with every question and answer — the cards an answer cites, the engine (model or
 * built-in), its state, tokens, time to the first token and the asker's thumbs; an answer can be
 * flagged "wrong answer" with a note (and unflagged).
 */
function ConversationRoute() {
  const { t } = useTranslation('console-copilot');
  const { t: tc } = useTranslation('common');
  const { meetingId = '', conversationId = '' } = useParams();
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const conversation = useQuery(conversationQuery(meetingId, conversationId));
  const flag = useFlagMessage(meetingId, conversationId);
  const [flagging, setFlagging] = useState<{ id: string; note: string } | null>(null);

  const send = (id: string, flagged: 0 | 1, note: string) =>
    flag.mutate(
      { id, flagged, note },
      {
        onSuccess: () => {
          setFlagging(null);
          showToast(flagged ? t('detail.flaggedToast') : t('detail.unflaggedToast'));
        },
        onError: (error) => showToast(apiErrorMessage(error, tc)),
      },
    );

  const data = conversation.data;
  return (
    <ConsolePage
      title={data ? data.title || t('conversations.untitled') : t('detail.title')}
      description={data ? askerName(data.asker, t('conversations.anonymous')) : undefined}
      testId="console-copilot-conversation"
      actions={
        <ButtonLink to={copilotScreens.conversations(meetingId)} variant="secondary" size="sm">
          {t('back')}
        </ButtonLink>
      }
    >
      <Card className="p-4 desk:p-5">
        {conversation.isError ? (
          <ConsoleErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />
        ) : conversation.isPending || !data ? (
          <TableSkeleton rows={5} />
        ) : (
          <ol className="space-y-4" aria-label={t('detail.messages')}>
            {data.messages.map((message) => (
              <MessageItem
                key={idOf(message._id)}
                message={message}
                timeZone={timeZone}
                onFlag={() => setFlagging({ id: idOf(message._id), note: '' })}
                onUnflag={() => send(idOf(message._id), 0, '')}
              />
            ))}
          </ol>
        )}
      </Card>
      <FormDialog
        isOpen={flagging !== null}
        title={t('detail.flagTitle')}
        submitLabel={t('detail.flag')}
        cancelLabel={t('cancel')}
        isBusy={flag.isPending}
        onCancel={() => setFlagging(null)}
        onSubmit={() => flagging && send(flagging.id, 1, flagging.note.trim())}
        testId="copilot-flag-dialog"
      >
        <p className="text-[13px] text-slate-500">{t('detail.flagHint')}</p>
        <TextArea
          label={t('detail.note')}
          value={flagging?.note ?? ''}
          maxLength={noteLimit}
          testId="copilot-flag-note-input"
          onChange={(note) => setFlagging((current) => (current ? { ...current, note } : current))}
        />
      </FormDialog>
    </ConsolePage>
  );
}

export { ConversationRoute as Component };
