import { ErrorCode } from '@app/contracts/wire/errors.ts';
import {
  type ModeratedKindValue,
  type ReportReasonValue,
  reportNoteMax,
  reportReasonValues,
} from '@app/contracts/wire/moderation.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client.ts';
import { sendReport } from '../../lib/api/reports.ts';
import { FormDialog, SelectField, TextArea } from './form-dialog.tsx';
import { showToast } from './toast.tsx';

/**
 * The "report" action of every user-written item (§5 sensitive content): a dialog choosing a reason
 * (a §5 category or 'other') and an optional note, sent with POST /reports. Toasts the outcome —
 * thanks, 'already reported' (409 report.duplicate) or failure — and closes on success.
 */
export function ReportDialog({
  meetingId,
  kind,
  targetId,
  open,
  onClose,
}: {
  meetingId: string;
  kind: ModeratedKindValue;
  targetId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState<ReportReasonValue>('spam');
  const [note, setNote] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    setIsBusy(true);
    try {
      await sendReport({ meeting_id: meetingId, kind, target_id: targetId, reason, note: note.trim() });
      showToast(t('report.done'));
      setNote('');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.alreadyReported) {
        showToast(t('report.duplicate'));
        onClose();
      } else {
        showToast(t('report.failed'));
      }
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <FormDialog
      isOpen={open}
      title={t('report.title')}
      submitLabel={t('report.submit')}
      cancelLabel={t('report.cancel')}
      isBusy={isBusy}
      onSubmit={() => void submit()}
      onCancel={onClose}
      testId="report-dialog"
    >
      <SelectField
        label={t('report.reason')}
        value={reason}
        onChange={(value) => setReason(value as ReportReasonValue)}
        options={reportReasonValues.map((value) => ({ value, label: t(`reasons.${value}` as const) }))}
        testId="report-reason"
      />
      <TextArea
        label={t('report.note')}
        value={note}
        onChange={setNote}
        maxLength={reportNoteMax}
        testId="report-note"
      />
    </FormDialog>
  );
}
