import type { Invoice, InvoiceRefusal } from '@app/contracts';
import { formatMoney } from '@app/domain/commerce';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** §4 Invoice states as the buyer sees them: no request yet (or only rejected ones) is "fill in". */
export type InvoiceViewState = 'fillIn' | Invoice['state'];

const tones: Record<InvoiceViewState, string> = {
  fillIn: 'bg-slate-100 text-slate-600 ring-slate-200',
  processing: 'bg-orange-50 text-orange-700 ring-orange-200',
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
};

/** The state of an order's newest request (§4): fill in when there is none. */
export function viewStateOf(latest: Invoice | undefined): InvoiceViewState {
  return latest ? latest.state : 'fillIn';
}

/** A state badge (§4 Invoice: fill in, organiser processing, completed, rejected). */
export function InvoiceStateBadge({ state, className }: { state: InvoiceViewState; className?: string }) {
  const { t } = useTranslation('invoices');
  return (
    <span
      data-testid="invoice-state"
      data-state={state}
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-[12px] font-semibold ring-1',
        tones[state],
        className,
      )}
    >
      {t(`state.${state}`)}
    </span>
  );
}

/** Why an order cannot have an invoice now, in the reader's language. */
export function RefusalNotice({ refusal }: { refusal: InvoiceRefusal }) {
  const { t } = useTranslation('invoices');
  return (
    <p
      className="rounded-card bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200"
      data-testid="invoice-refusal"
      data-reason={refusal}
    >
      {t(`refusal.${refusal}`)}
    </p>
  );
}

/** An amount in cents in the order's currency (§9), 0 as an amount. */
export function useInvoiceMoney() {
  const language = useLanguage();
  return (cents: number, currency: string) => formatMoney(cents, currency, language, { zeroAsFree: false });
}
