import type { InvoiceState } from '@app/contracts';
import { formatMoney } from '@app/domain/commerce';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';

const tones: Record<InvoiceState, string> = {
  processing: 'bg-orange-50 text-orange-700 ring-orange-200',
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
};

/** A request's state (§4 Invoice) as a coloured badge. */
export function QueueStateBadge({ state }: { state: InvoiceState }) {
  const { t } = useTranslation('console-invoices');
  return (
    <span
      data-testid="console-invoice-state"
      data-state={state}
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-[12px] font-semibold ring-1',
        tones[state],
      )}
    >
      {t(`state.${state}`)}
    </span>
  );
}

/** An amount in cents in its currency (§9), 0 as an amount. */
export function useQueueMoney() {
  const language = useLanguage();
  return (cents: number, currency: string) => formatMoney(cents, currency, language, { zeroAsFree: false });
}

/** Whether the console's meeting grants an action (the shell's allowed actions). */
export function canDo(actions: readonly string[] | undefined, action: string): boolean {
  return actions?.includes(action) ?? false;
}
