import type { ConsoleRegistration } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SkeletonText } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { registrationQuery, registrationsKey, reviewOne, setSeat } from '../api/console-registrations.ts';
import { errorKey, StatusBadge, WideDialog } from './parts.tsx';

/**
 * One registration (§3 Registrant, §4): contact, answers, status; approve, or reject with the reason
 * the registrant sees (and gets by SMS / e-mail), and the seat number. Needs registration.review to
 * review and registration.edit to seat (the buttons are left out otherwise).
 */
export function ReviewDialog({
  meetingId,
  registrationId,
  canReview,
  canEdit,
  onClose,
}: {
  meetingId: string;
  registrationId: string | null;
  canReview: boolean;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-registrations');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const detail = useQuery({
    ...registrationQuery(meetingId, registrationId ?? ''),
    enabled: registrationId !== null,
  });
  const [reason, setReason] = useState('');
  const [isRejecting, setRejecting] = useState(false);
  const [seat, setSeatText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setRejecting(false);
    setSeatText(null);
    setProblem(null);
    onClose();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: registrationsKey(meetingId) });
  // A stale review or seat ('changed by someone else, reload') reloads the registration so the
  // retry carries its new updated_at; the message stays until the next action.
  const fail = (error: unknown) => {
    setProblem(t(errorKey(error)));
    if (error instanceof ApiError && error.code === 'conflict.stale') void refresh();
  };
  const review = useMutation({
    mutationFn: ({ registration, status }: { registration: ConsoleRegistration; status: 1 | 2 }) =>
      reviewOne(meetingId, registration, status, reason.trim()),
    onSuccess: (saved) => {
      showToast(t(saved.status === 2 ? 'review.rejected' : 'review.approved'));
      void refresh();
      close();
    },
    onError: fail,
  });
  const seatSave = useMutation({
    mutationFn: ({ registration, value }: { registration: ConsoleRegistration; value: string }) =>
      setSeat(meetingId, registration, value),
    onSuccess: () => {
      showToast(t('review.seatSaved'));
      setSeatText(null);
      void refresh();
    },
    onError: fail,
  });
  const registration = detail.data?.registration;
  const answers = detail.data?.answers ?? [];
  const canResubmit = detail.data?.can_resubmit === 1;
  const isUnderReview = registration?.status === 0;

  const footer = (
    <>
      <Button variant="secondary" onClick={close} data-testid="review-close">
        {t('review.close')}
      </Button>
      {canReview && registration && isUnderReview ? (
        isRejecting ? (
          <Button
            onClick={() => review.mutate({ registration, status: 2 })}
            disabled={review.isPending}
            data-testid="review-reject-confirm"
          >
            {t('review.reject')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setRejecting(true)} data-testid="review-reject">
              {t('review.reject')}
            </Button>
            <Button
              onClick={() => review.mutate({ registration, status: 1 })}
              disabled={review.isPending}
              data-testid="review-approve"
            >
              {t('review.approve')}
            </Button>
          </>
        )
      ) : null}
    </>
  );

  return (
    <WideDialog
      isOpen={registrationId !== null}
      onDismiss={close}
      title={t('review.title')}
      testId="registration-dialog"
      footer={footer}
    >
      {detail.isError ? (
        <ErrorState onRetry={() => void detail.refetch()} />
      ) : detail.isPending || !registration ? (
        <SkeletonText lines={5} />
      ) : (
        <div className="space-y-4 text-[15px]">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                <bdi>{registration.name}</bdi>
              </p>
              <p className="text-[13px] text-slate-500">
                <bdi>{localize(registration.activity_title, language)}</bdi> ·{' '}
                <bdi>{localize(registration.price_title, language)}</bdi>
              </p>
            </div>
            <StatusBadge status={registration.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-[14px]">
            <dt className="text-slate-500">{t('review.contact')}</dt>
            <dd className="min-w-0 break-words" dir="ltr">
              {[registration.phone, registration.email].filter(Boolean).join(' · ')}
            </dd>
          </dl>
          {registration.status === 2 && registration.review_reason ? (
            <p
              className="rounded-card bg-red-50 p-3 text-[14px] text-red-700"
              data-testid="review-reason-shown"
            >
              {t('review.rejectedWith', { reason: registration.review_reason })}
            </p>
          ) : null}
          <section>
            <h3 className="mb-2 text-[14px] font-semibold text-slate-700">{t('review.answers')}</h3>
            {answers.length === 0 ? (
              <p className="text-slate-500">{t('review.noAnswers')}</p>
            ) : (
              <dl className="divide-y divide-slate-100 rounded-card ring-1 ring-slate-100">
                {answers.map((answer) => (
                  <div key={answer.question_id} className="grid gap-1 px-3 py-2 desk:grid-cols-[12rem_1fr]">
                    <dt className="text-[13px] text-slate-500">
                      <bdi>{localize(answer.title, language)}</bdi>
                    </dt>
                    <dd className="min-w-0 break-words text-slate-900">
                      <bdi>{answer.text}</bdi>
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
          {canEdit && registration.status !== 2 ? (
            <div className="flex flex-wrap items-end gap-2">
              <Field
                label={t('review.seat')}
                className="min-w-0 flex-1"
                value={seat ?? registration.seat_number}
                onChange={(event) => setSeatText(event.target.value)}
                maxLength={64}
                data-testid="review-seat"
              />
              <Button
                variant="secondary"
                className="h-12"
                disabled={seat === null || seatSave.isPending}
                onClick={() => seatSave.mutate({ registration, value: seat ?? '' })}
                data-testid="review-seat-save"
              >
                {t('review.saveSeat')}
              </Button>
            </div>
          ) : null}
          {isRejecting ? (
            <div className="space-y-2">
              <Field
                label={t('review.reason')}
                hint={t('review.reasonHint')}
                placeholder={t('review.reasonPlaceholder')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={500}
                autoFocus
                data-testid="review-reason"
              />
              <p className="text-[13px] text-slate-500">
                {canResubmit ? t('review.canResubmit') : t('review.cannotResubmit')}
              </p>
            </div>
          ) : null}
          {problem ? (
            <p role="alert" className="text-[14px] text-red-600" data-testid="review-problem">
              {problem}
            </p>
          ) : null}
        </div>
      )}
    </WideDialog>
  );
}
