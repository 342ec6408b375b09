import type { RegistrationOptions } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { numberSeats, registrationsKey } from '../api/console-registrations.ts';
import { errorKey, SelectField, WideDialog } from './parts.tsx';

/**
 * Numbering the seats of one ticket type (§3 Registrant) in order of registration: prefix + first
 * number, counted first (the dialog shows how many and the range before assigning).
 */
export function SeatsDialog({
  meetingId,
  activities,
  isOpen,
  onClose,
}: {
  meetingId: string;
  activities: RegistrationOptions['activities'];
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-registrations');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [priceId, setPriceId] = useState('');
  const [prefix, setPrefix] = useState('');
  const [start, setStart] = useState('1');
  const [onlyEmpty, setOnlyEmpty] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const first = Math.max(0, Number.parseInt(start, 10) || 0);
  const input = { priceId, start: first, prefix: prefix.trim(), onlyEmpty };
  const count = useQuery({
    queryKey: [...registrationsKey(meetingId), 'seats-count', priceId, onlyEmpty],
    queryFn: () => numberSeats(meetingId, input, true),
    enabled: isOpen && priceId !== '',
  });
  const close = () => {
    setPriceId('');
    setProblem(null);
    onClose();
  };
  const assign = useMutation({
    mutationFn: () => numberSeats(meetingId, input, false),
    onSuccess: (result) => {
      showToast(t('seats.done', { count: result.changed }));
      void queryClient.invalidateQueries({ queryKey: registrationsKey(meetingId) });
      close();
    },
    onError: (error) => setProblem(t(errorKey(error))),
  });
  const matched = count.data?.matched ?? 0;
  const options = activities.flatMap((activity) =>
    activity.prices.map((price) => ({
      value: price._id.$id,
      label: `${localize(activity.title, language)} · ${localize(price.title, language)}`,
    })),
  );

  return (
    <WideDialog
      isOpen={isOpen}
      onDismiss={close}
      title={t('seats.title')}
      testId="seats-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('review.cancel')}
          </Button>
          <Button
            onClick={() => assign.mutate()}
            disabled={matched === 0 || assign.isPending}
            data-testid="seats-submit"
          >
            {t('seats.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <SelectField
          label={t('seats.ticketType')}
          value={priceId}
          onChange={(event) => setPriceId(event.target.value)}
          options={[{ value: '', label: '—' }, ...options]}
          data-testid="seats-price"
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label={t('seats.prefix')}
            value={prefix}
            maxLength={20}
            onChange={(e) => setPrefix(e.target.value)}
          />
          <Field
            label={t('seats.start')}
            value={start}
            inputMode="numeric"
            onChange={(e) => setStart(e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <label className="flex items-center gap-2 text-[15px]">
          <input type="checkbox" checked={onlyEmpty} onChange={(e) => setOnlyEmpty(e.target.checked)} />
          {t('seats.onlyEmpty')}
        </label>
        {priceId && count.data ? (
          <p className="text-[14px] text-slate-600" data-testid="seats-preview">
            {matched === 0
              ? t('seats.noneToNumber')
              : t('seats.preview', {
                  count: matched,
                  first: `${input.prefix}${first}`,
                  last: `${input.prefix}${first + matched - 1}`,
                })}
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="text-[14px] text-red-600">
            {problem}
          </p>
        ) : null}
      </div>
    </WideDialog>
  );
}
