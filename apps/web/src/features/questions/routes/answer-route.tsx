import type { Question } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, MessageCircleQuestion, Unlock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { answerQuestionRequest, refreshQuestions, useQuestion, useToggleQuestion } from '../api/questions.ts';
import { EnterpriseHeading } from '../components/enterprise-heading.tsx';
import { postErrorMessage } from '../components/post-error.ts';
import { StateLabel } from '../components/question-card.tsx';
import { TextBox } from '../components/text-box.tsx';

/**
 * /meeting/enterprise/question/{question_id}/answer (§2, §4 Q&A, §5, §6): the bound exhibitor writes
 * or edits the answer (≤ 500 characters) and turns the question public or private after a
 * confirmation. Anyone else sees 'only the exhibitor of this company can answer'; an unknown or
 * hidden question opens /404.
 */
function AnswerRoute() {
  const { t, ready } = useTranslation('questions');
  const meetingId = idOf(useMeeting());
  const { questionId } = useParams();
  const isValidId = questionId !== undefined && /^[0-9a-f]{24}$/i.test(questionId);
  const question = useQuestion(meetingId, isValidId ? questionId : undefined);

  if (!isValidId || question.data === null) return <Navigate to={paths.notFound()} replace />;

  let body: React.ReactNode;
  if (!ready || question.isPending) {
    body = (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-[72px] w-full rounded-card" />
        <Skeleton className="h-28 w-full rounded-card" />
        <Skeleton className="h-48 w-full rounded-card" />
      </div>
    );
  } else if (question.isError) {
    body = <ErrorState onRetry={() => void question.refetch()} />;
  } else if (question.data.can_answer !== 1) {
    body = (
      <EmptyState
        icon={<MessageCircleQuestion aria-hidden="true" className="size-7" />}
        title={t('answer.notYours')}
      />
    );
  } else {
    body = <AnswerForm key={question.data._id.$id} question={question.data} meetingId={meetingId} />;
  }
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={t('pages.answer')} />
      {body}
    </div>
  );
}

function AnswerForm({ question, meetingId }: { question: Question; meetingId: string }) {
  const { t } = useTranslation('questions');
  const { t: tm } = useTranslation('moderation');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toggle = useToggleQuestion();
  const [answer, setAnswer] = useState(question.answer);
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const isPublic = question.is_public === 1;
  const enterpriseId = question.enterprise_id.$id;
  const contact = question.user.phone || question.user.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!answer.trim()) {
      setError(t('ask.required'));
      return;
    }
    setBusy(true);
    try {
      await answerQuestionRequest(question._id.$id, { answer: answer.trim() });
      refreshQuestions(queryClient);
      showToast(t('answer.saved'));
      navigate(questionPaths.inbox({ meetingId, tab: 'questions' }), { replace: true });
    } catch (failure) {
      setFormError(postErrorMessage(failure, t, tm, tc));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <EnterpriseHeading enterprise={question.enterprise} meetingId={meetingId} />
      <Card className="space-y-2 p-4" data-testid="answer-question">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <span className="font-medium">{t('answer.question')}</span>
          <span>
            <bdi>{question.user.username || t('list.anonymous')}</bdi>
          </span>
          <StateLabel state={question.answer_state} />
        </div>
        <p dir="auto" className="whitespace-pre-wrap break-words text-[15px] text-slate-900">
          {question.content}
        </p>
        {contact ? (
          <p className="text-xs text-slate-500">
            <bdi dir="ltr">{t('answer.contact', { contact })}</bdi>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
          <span className="inline-flex items-center gap-1 text-sm text-slate-700">
            {isPublic ? (
              <Unlock aria-hidden="true" className="size-4" />
            ) : (
              <Lock aria-hidden="true" className="size-4" />
            )}
            {t('answer.visibility')}: {isPublic ? t('ask.public') : t('ask.private')}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="answer-toggle">
            {isPublic ? t('answer.makePrivate') : t('answer.makePublic')}
          </Button>
        </div>
      </Card>
      <form onSubmit={submit} className="space-y-4" noValidate data-testid="answer-form">
        <TextBox
          label={t('answer.answer')}
          placeholder={t('answer.placeholder')}
          value={answer}
          onChange={(value) => {
            setAnswer(value);
            setError(undefined);
          }}
          max={textLimits.answer}
          error={error}
          testId="answer-input"
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
        <div className="flex flex-col gap-3 desk:flex-row">
          <Button
            type="submit"
            className="h-12 w-full text-[16px] desk:flex-1"
            disabled={isBusy}
            data-testid="answer-submit"
          >
            {t('answer.save')}
          </Button>
          <Button
            variant="secondary"
            className="h-12 w-full text-[16px] desk:flex-1"
            onClick={() => navigate(questionPaths.list({ meetingId, enterpriseId }))}
          >
            {t('section.all')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={isConfirming}
        title={isPublic ? t('answer.confirmPrivateTitle') : t('answer.confirmPublicTitle')}
        body={isPublic ? t('answer.confirmPrivateBody') : t('answer.confirmPublicBody')}
        confirmLabel={t('answer.confirm')}
        cancelLabel={t('answer.cancel')}
        isBusy={toggle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          toggle.mutate(
            { questionId: question._id.$id, isPublic: !isPublic },
            {
              onSuccess: () => {
                setConfirming(false);
                showToast(t('answer.changed'));
              },
              onError: (failure) => showToast(apiErrorMessage(failure, tc)),
            },
          )
        }
      />
    </>
  );
}

export { AnswerRoute as Component };
