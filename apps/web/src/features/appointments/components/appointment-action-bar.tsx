import type { Appointment, AppointmentActionName } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ConfirmDialog, ModalDialog } from '../../../components/ui/dialog.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useAppointmentAction } from '../api/appointment-actions.ts';
import { actionDialog, visibleActions } from './appointment-view.ts';
import { actionProblemKey, type BookingErrorKey } from './booking-problems.ts';

/** 'retract' is the requester's cancel of a pending request; the words differ, the call is the same. */
type ActionWording = 'accept' | 'ignore' | 'retract' | 'cancel' | 'delete';

const wordingOf = (action: AppointmentActionName, appointment: Appointment): ActionWording =>
  action === 'cancel' && appointment.status === 0 ? 'retract' : action;

const toastKeys = {
  accept: 'toasts.accepted',
  ignore: 'toasts.ignored',
  retract: 'toasts.retracted',
  cancel: 'toasts.cancelled',
  delete: 'toasts.deleted',
} as const;

/**
 * The buttons the server allows on one appointment (`actions`): accept at once; decline, withdraw and
 * cancel after a dialog with an optional reason; remove after a confirmation. Refusals (§8 accept
 * failed, already booked) show in a dialog and the lists refresh either way.
 */
export function AppointmentActionBar({
  appointment,
  onDeleted,
  className,
}: {
  appointment: Appointment;
  onDeleted?: () => void;
  className?: string;
}) {
  const { t } = useTranslation('appointments');
  const { t: tc } = useTranslation('common');
  const mutation = useAppointmentAction();
  const [asking, setAsking] = useState<AppointmentActionName | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<BookingErrorKey | null>(null);
  const reasonId = useId();
  const reasonCountId = useId();
  const actions = visibleActions(appointment.actions);
  if (actions.length === 0) return null;

  const run = (action: AppointmentActionName, withReason?: string) => {
    mutation.mutate(
      { appointmentId: appointment._id.$id, action, ...(withReason ? { reason: withReason } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          setReason('');
          showToast(t(toastKeys[wordingOf(action, appointment)]));
          if (action === 'delete') onDeleted?.();
        },
        onError: (error) => {
          setAsking(null);
          const key = actionProblemKey(error);
          if (key) setNotice(key);
          else showToast(apiErrorMessage(error, tc));
        },
      },
    );
  };

  const onPress = (action: AppointmentActionName) => {
    if (actionDialog(action) === 'none') run(action);
    else setAsking(action);
  };

  const asked = asking ? wordingOf(asking, appointment) : null;
  const reasonTitle =
    asked === 'ignore'
      ? t('dialogs.ignoreTitle')
      : asked === 'retract'
        ? t('dialogs.retractTitle')
        : t('dialogs.cancelTitle');

  return (
    <>
      <div className={cx('flex flex-wrap justify-end gap-2', className)} data-testid="appointment-actions">
        {actions.map((action) => {
          const wording = wordingOf(action, appointment);
          return (
            <Button
              key={action}
              size="sm"
              variant={action === 'accept' ? 'primary' : 'secondary'}
              disabled={mutation.isPending}
              onClick={() => onPress(action)}
              data-testid={`appointment-${action}`}
            >
              {t(`actions.${wording}`)}
            </Button>
          );
        })}
      </div>

      <ModalDialog
        isOpen={asking !== null && actionDialog(asking) === 'reason'}
        onDismiss={() => setAsking(null)}
        title={reasonTitle}
        body={
          <div className="space-y-3">
            <p>{t('dialogs.told')}</p>
            <div className="flex flex-col gap-1.5">
              <div className="flex items-baseline justify-between gap-3">
                <label htmlFor={reasonId} className="text-sm font-medium text-slate-700">
                  {t('dialogs.reasonLabel')}
                </label>
                <CharacterCount id={reasonCountId} length={reason.length} max={textLimits.answer} />
              </div>
              <textarea
                id={reasonId}
                rows={3}
                maxLength={textLimits.answer}
                aria-describedby={reasonCountId}
                value={reason}
                placeholder={t('dialogs.reasonPlaceholder')}
                onChange={(event) => setReason(event.target.value)}
                className="rounded-card bg-white p-3 text-[16px] text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
                data-testid="appointment-reason"
              />
            </div>
          </div>
        }
      >
        <Button variant="secondary" className="flex-1" onClick={() => setAsking(null)}>
          {t('actions.back')}
        </Button>
        <Button
          className="flex-1"
          disabled={mutation.isPending}
          onClick={() => asking && run(asking, reason)}
          data-testid="appointment-confirm"
        >
          {asked ? t(`actions.${asked}`) : ''}
        </Button>
      </ModalDialog>

      <ConfirmDialog
        isOpen={asking === 'delete'}
        title={t('dialogs.deleteTitle')}
        body={t('dialogs.deleteBody')}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.back')}
        onConfirm={() => run('delete')}
        onCancel={() => setAsking(null)}
        isBusy={mutation.isPending}
      />

      <NoticeDialog
        isOpen={notice !== null}
        title={notice ? t(`errors.${notice}`) : ''}
        acknowledgeLabel={t('actions.gotIt')}
        onClose={() => setNotice(null)}
      />
    </>
  );
}
