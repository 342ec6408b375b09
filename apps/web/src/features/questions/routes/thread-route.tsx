import type { InquiryThread } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { formatMoney } from '@app/domain/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  closeInquiryRequest,
  refreshInquiries,
  replyInquiryRequest,
  useInquiryThread,
} from '../api/inquiries.ts';
import { EnterpriseHeading } from '../components/enterprise-heading.tsx';
import { inquiryCurrency } from '../components/inquiry-row.tsx';
import { postErrorMessage } from '../components/post-error.ts';
import { StateLabel } from '../components/question-card.tsx';
import { TextBox } from '../components/text-box.tsx';

/**
 * /meeting/exhibitor/ask?ask_id (§2 exhibitor area, §3 Price inquiry, §6): one inquiry's thread for
 * its two sides — what was asked, the product and target price, the inquirer's contact, the
 * messages — with a reply box while open and "Close inquiry" after a confirmation. Anyone else, or an
 * unknown id, opens /404. The thread is re-read every 15 s.
 */
function ThreadRoute() {
  const { t, ready } = useTranslation('questions');
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const askId = idParam(search, 'ask_id');
  const thread = useInquiryThread(askId);

  if (!askId || thread.data === null) return <Navigate to={paths.notFound()} replace />;
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={t('pages.thread')} />
      {!ready || thread.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-[72px] w-full rounded-card" />
          <Skeleton className="h-36 w-full rounded-card" />
          <Skeleton className="h-24 w-full rounded-card" />
        </div>
      ) : thread.isError ? (
        <ErrorState onRetry={() => void thread.refetch()} />
      ) : (
        <Thread thread={thread.data} meetingId={meetingId} />
      )}
    </div>
  );
}

function Thread({ thread, meetingId }: { thread: InquiryThread; meetingId: string }) {
  const { t } = useTranslation('questions');
  const { t: tm } = useTranslation('moderation');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meeting = useMeeting();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const askId = thread._id.$id;
  const isOpen = thread.status === 'open';
  const date = (seconds: number) =>
    formatDate(seconds * 1000, meeting.time_zone, language, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
  const product = thread.product ? localize(thread.product.title, language) : '';
  const contact = thread.user.phone || thread.user.email;
  const enterpriseName = localize(thread.enterprise.title, language);

  const update = (next: InquiryThread) => {
    queryClient.setQueryData(['inquiries', 'thread', askId], next);
    refreshInquiries(queryClient);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!reply.trim()) {
      setError(t('ask.required'));
      return;
    }
    setBusy(true);
    try {
      update(await replyInquiryRequest(askId, reply.trim()));
      setReply('');
    } catch (failure) {
      setFormError(postErrorMessage(failure, t, tm, tc));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <EnterpriseHeading
        enterprise={thread.enterprise}
        meetingId={meetingId}
        subtitle={product ? t('thread.product', { product }) : undefined}
      />
      <Card className="space-y-2 p-4" data-testid="thread-inquiry">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <span>
            <bdi>
              {thread.role === 'asker'
                ? t('thread.you')
                : t('thread.from', { name: thread.user.username || t('list.anonymous') })}
            </bdi>
          </span>
          <span>{date(thread.created)}</span>
          <span
            className={cx(
              'rounded-md px-2 py-0.5 font-medium',
              isOpen ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
            )}
            data-testid="thread-status"
          >
            {isOpen ? t('inbox.open') : t('inbox.closed')}
          </span>
          <StateLabel state={thread.state} />
        </div>
        <p dir="auto" className="whitespace-pre-wrap break-words text-[15px] text-slate-900">
          {thread.content}
        </p>
        <p className="text-sm font-medium text-slate-800" data-testid="thread-amount">
          <bdi>
            {thread.amount !== null
              ? t('inbox.amount', {
                  amount: formatMoney(thread.amount, inquiryCurrency, language, { zeroAsFree: false }),
                })
              : t('thread.noAmount')}
          </bdi>
        </p>
        {thread.role === 'exhibitor' && contact ? (
          <p className="text-xs text-slate-500">
            <bdi dir="ltr">{t('thread.contact', { contact })}</bdi>
          </p>
        ) : null}
      </Card>
      <ol className="space-y-3" data-testid="thread-messages">
        {thread.messages.map((message) => {
          const isMine = message.is_mine === 1;
          const author = isMine
            ? t('thread.you')
            : message.side === 'exhibitor'
              ? enterpriseName
              : message.user.username || t('list.anonymous');
          return (
            <li key={message._id.$id} className={cx('flex', isMine ? 'justify-end' : 'justify-start')}>
              <div
                className={cx(
                  'max-w-[85%] space-y-1 rounded-2xl px-4 py-2.5',
                  isMine ? 'bg-primary/10 text-slate-900' : 'bg-white ring-1 ring-slate-200',
                )}
                data-testid="thread-message"
                data-side={message.side}
              >
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <bdi>{author}</bdi>
                  <span>{date(message.created)}</span>
                  <StateLabel state={message.state} />
                </div>
                <p dir="auto" className="whitespace-pre-wrap break-words text-[15px]">
                  {message.content}
                </p>
                {!isMine ? (
                  <div className="-mb-1 flex justify-end">
                    <ReportButton meetingId={meetingId} kind="inquiry_message" targetId={message._id.$id} />
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {isOpen ? (
        <form onSubmit={send} className="space-y-3" noValidate data-testid="thread-reply-form">
          <TextBox
            label={t('thread.reply')}
            placeholder={t('thread.replyPlaceholder')}
            value={reply}
            onChange={(value) => {
              setReply(value);
              setError(undefined);
            }}
            max={textLimits.answer}
            rows={3}
            error={error}
            testId="thread-reply-input"
          />
          {formError ? (
            <p
              role="alert"
              className="rounded-card bg-red-50 p-3 text-sm text-red-700"
              data-testid="form-error"
            >
              {formError}
            </p>
          ) : null}
          <div className="flex flex-col gap-3 desk:flex-row-reverse">
            <Button
              type="submit"
              className="h-12 w-full text-[16px] desk:flex-1"
              disabled={isBusy}
              data-testid="thread-send"
            >
              {t('thread.send')}
            </Button>
            <Button
              variant="secondary"
              className="h-12 w-full text-[16px] desk:flex-1"
              onClick={() => setConfirming(true)}
              data-testid="thread-close"
            >
              {t('thread.close')}
            </Button>
          </div>
        </form>
      ) : (
        <p
          className="rounded-card bg-slate-100 p-3 text-center text-sm text-slate-600"
          data-testid="thread-closed"
        >
          {t('thread.closedNote')}
        </p>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('thread.confirmCloseTitle')}
        body={t('thread.confirmCloseBody')}
        confirmLabel={t('answer.confirm')}
        cancelLabel={t('answer.cancel')}
        isBusy={isBusy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            update(await closeInquiryRequest(askId));
            setConfirming(false);
          } catch (failure) {
            showToast(apiErrorMessage(failure, tc));
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}

export { ThreadRoute as Component };
