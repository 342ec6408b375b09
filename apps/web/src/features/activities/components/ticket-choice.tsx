import type { ActivityPrice } from '@app/contracts';
import { localize } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatAmount, isSoldOut, ticketsLeft } from './format.ts';

type TicketChoiceProps = {
  name: string;
  prices: readonly ActivityPrice[];
  value: string | undefined;
  onChange: (priceId: string) => void;
  isInvalid?: boolean;
  /** ISO 4217 code the amounts are in (§9), CNY unless the meeting names another. */
  currency?: string;
};

/** Ticket type cards (radio group): title, description, price ('Free' for 0), sold out or left. */
export function TicketChoice({
  name,
  prices,
  value,
  onChange,
  isInvalid,
  currency = 'CNY',
}: TicketChoiceProps) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  return (
    <div className="grid gap-2.5 sm:grid-cols-2" data-testid="ticket-choice">
      {prices.map((price) => {
        const id = price._id.$id;
        const isChecked = value === id;
        const soldOut = isSoldOut(price);
        const left = ticketsLeft(price);
        const description = localize(price.description, language);
        return (
          <label
            key={id}
            data-testid="ticket-option"
            className={cx(
              'relative flex gap-3 rounded-card p-3.5 ring-1 transition-colors',
              soldOut
                ? 'cursor-not-allowed bg-slate-50 text-slate-400 ring-slate-200'
                : isChecked
                  ? 'cursor-pointer bg-primary/5 ring-2 ring-primary'
                  : cx(
                      'cursor-pointer bg-white hover:bg-slate-50',
                      isInvalid ? 'ring-red-300' : 'ring-slate-200',
                    ),
            )}
          >
            <input
              type="radio"
              name={name}
              value={id}
              checked={isChecked}
              disabled={soldOut}
              onChange={() => onChange(id)}
              className="mt-1 size-4.5 shrink-0 accent-[var(--app-primary)]"
            />
            <span className="min-w-0 flex-1">
              <span className="flex items-start justify-between gap-2">
                <span
                  className={cx('text-[15px] font-semibold', soldOut ? 'text-slate-400' : 'text-slate-900')}
                >
                  {localize(price.title, language)}
                </span>
                <span
                  className={cx(
                    'shrink-0 text-[15px] font-semibold tabular-nums',
                    soldOut ? 'text-slate-400' : 'text-primary',
                  )}
                >
                  {formatAmount(price.amount, t('price.free'), language, currency)}
                </span>
              </span>
              {description ? (
                <span className="mt-0.5 block text-[13px] text-slate-500">{description}</span>
              ) : null}
              <span className="mt-1 block text-xs">
                {soldOut ? (
                  <span className="font-medium text-red-500">{t('price.soldOut')}</span>
                ) : left !== null ? (
                  <span className="text-slate-500">{t('price.left', { count: left })}</span>
                ) : null}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
