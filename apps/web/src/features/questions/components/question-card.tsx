import type { Question } from '@app/contracts';
import { localize } from '@app/domain';
import { Lock, MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ReportButton } from '../../../components/ui/report-button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { formatDate } from '../../../lib/time.ts';
import { useToggleQuestion } from '../api/questions.ts';

/** A moderation label for the author of an item under review or blocked (community design). */
export function StateLabel({ state }: { state: 'visible' | 'review' | 'blocked' }) {
  const { t } = useTranslation('moderation');
  if (state === 'visible') return null;
  return (
    <span
      className={
        state === 'blocked'
          ? 'rounded-md bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700'
          : 'rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800'
      }
      title={state === 'review' ? t('state.reviewHint') : undefined}
      data-testid="item-state"
    >
      {t(`state.${state}`)}
    </span>
  );
}

/**
 * One question with its answer (§4 Q&A): who asked and when, a private badge, the author's
 * moderation state, the answer or 'not answered yet'. The bound exhibitor gets "Answer"; the asker of
 * a public question "Make private" (with confirmation); everyone else "Report".
 */
export function QuestionCard({
  question,
  showEnterprise = false,
}: {
  question: Question;
  showEnterprise?: boolean;
}) {
  const { t } = useTranslation('questions');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const toggle = useToggleQuestion();
  const [isConfirming, setConfirming] = useState(false);
  const id = question._id.$id;
  const date = (seconds: number) => formatDate(seconds * 1000, meeting.time_zone, language);
  const enterprise = localize(question.enterprise.title, language);
  return (
    <Card className="space-y-3 p-4" data-testid="question-card" data-question-id={id}>
      <div className="flex items-start gap-3">
        <Avatar
          name={question.user.username || t('list.anonymous')}
          photo={question.user.avatar}
          className="size-9 shrink-0"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <span>
              <bdi>
                {t('list.by', {
                  name: question.user.username || t('list.anonymous'),
                  date: date(question.created),
                })}
              </bdi>
            </span>
            {question.is_public === 0 ? (
              <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-slate-600">
                <Lock aria-hidden="true" className="size-3" />
                {t('list.private')}
              </span>
            ) : null}
            {question.is_mine === 1 ? (
              <span className="rounded-md bg-primary/10 px-2 py-0.5 text-primary">{t('list.mine')}</span>
            ) : null}
            <StateLabel state={question.state} />
          </div>
          {showEnterprise ? <p className="mt-1 text-xs font-medium text-slate-600">{enterprise}</p> : null}
          <p
            dir="auto"
            className="mt-1 whitespace-pre-wrap break-words text-[15px] text-slate-900"
            data-testid="question-content"
          >
            {question.content}
          </p>
          {question.can_answer === 1 && question.user.phone ? (
            <p className="mt-1 text-xs text-slate-500">
              <bdi dir="ltr">
                {t('answer.contact', { contact: question.user.phone || question.user.email })}
              </bdi>
            </p>
          ) : null}
        </div>
      </div>
      <div className="rounded-xl bg-slate-50 p-3 text-[14px]" data-testid="question-answer">
        {question.is_answered === 1 ? (
          <>
            <div className="mb-1 flex flex-wrap items-center gap-2 text-xs font-medium text-slate-500">
              <span>{t('list.answer')}</span>
              {question.answered_at ? (
                <span>{t('list.answeredAt', { date: date(question.answered_at) })}</span>
              ) : null}
              {question.can_answer === 1 ? <StateLabel state={question.answer_state} /> : null}
            </div>
            <p dir="auto" className="whitespace-pre-wrap break-words text-slate-800">
              {question.answer}
            </p>
          </>
        ) : (
          <p className="text-slate-500">{t('list.unanswered')}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {question.can_answer === 1 ? (
          <Link
            to={questionPaths.answer({ meetingId, questionId: id })}
            className={buttonClass('secondary', 'sm', 'rounded-full')}
            data-testid="question-answer-link"
          >
            <MessageSquareReply aria-hidden="true" className="size-4" />
            {question.is_answered === 1 ? t('list.editAnswer') : t('list.reply')}
          </Link>
        ) : null}
        {question.is_mine === 1 && question.is_public === 1 ? (
          <button
            type="button"
            className={buttonClass('ghost', 'sm', 'rounded-full')}
            onClick={() => setConfirming(true)}
            data-testid="question-make-private"
          >
            <Lock aria-hidden="true" className="size-4" />
            {t('list.makePrivate')}
          </button>
        ) : null}
        {question.is_mine === 0 && question.can_answer === 0 ? (
          <ReportButton meetingId={meetingId} kind="question" targetId={id} />
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('answer.confirmPrivateTitle')}
        body={t('answer.confirmPrivateBody')}
        confirmLabel={t('answer.confirm')}
        cancelLabel={t('answer.cancel')}
        isBusy={toggle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          toggle.mutate(
            { questionId: id, isPublic: false },
            {
              onSuccess: () => {
                setConfirming(false);
                showToast(t('answer.changed'));
              },
              onError: (error) => showToast(apiErrorMessage(error, tc)),
            },
          )
        }
      />
    </Card>
  );
}
