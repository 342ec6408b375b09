import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/dialog.tsx';

/**
 * Choose how many votes to give one candidate (§5: at least 1, at most what is left now) and cast
 * them. The server checks the limits again and answers 12000 / 12001 / 12003 when they no longer hold.
 */
export function VoteDialog({
  isOpen,
  candidate,
  max,
  isBusy,
  error,
  onCast,
  onDismiss,
}: {
  isOpen: boolean;
  candidate: string;
  max: number;
  isBusy: boolean;
  error: string;
  onCast: (count: number) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('votes');
  const [count, setCount] = useState(1);
  const value = Math.min(Math.max(1, count), Math.max(1, max));
  return (
    <ModalDialog
      isOpen={isOpen}
      onDismiss={onDismiss}
      title={t('dialog.title', { name: candidate })}
      testId="vote-dialog"
    >
      <div className="flex flex-col items-center gap-4 py-2">
        <p className="text-[14px] text-slate-600">{t('dialog.hint', { n: max })}</p>
        <fieldset className="flex items-center gap-4" aria-label={t('dialog.count')}>
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 disabled:opacity-40"
            onClick={() => setCount(value - 1)}
            disabled={value <= 1}
            aria-label={t('dialog.fewer')}
          >
            <Minus aria-hidden="true" className="size-5" />
          </button>
          <output
            className="min-w-12 text-center font-semibold text-3xl tabular-nums"
            data-testid="vote-count"
          >
            {value}
          </output>
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 disabled:opacity-40"
            onClick={() => setCount(value + 1)}
            disabled={value >= max}
            aria-label={t('dialog.more')}
          >
            <Plus aria-hidden="true" className="size-5" />
          </button>
        </fieldset>
        {error ? (
          <p role="alert" className="text-center text-[14px] text-red-600" data-testid="vote-error">
            {error}
          </p>
        ) : null}
        <div className="flex w-full gap-3">
          <Button variant="secondary" className="flex-1" onClick={onDismiss}>
            {t('dialog.cancel')}
          </Button>
          <Button
            className="flex-1"
            onClick={() => onCast(value)}
            disabled={isBusy || max < 1}
            data-testid="vote-confirm"
          >
            {t('dialog.confirm', { n: value })}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
