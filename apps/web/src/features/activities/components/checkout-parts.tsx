import type { QuoteAnswer } from '@app/contracts';
import { formatMoney } from '@app/domain/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import type { ProblemKey } from './problems.ts';

/** Coupon refusals (§3 Registrant coupon code) → `activities` catalogue `errors.*` keys. */
const couponKeys: Record<string, ProblemKey> = {
  'coupon.invalid': 'couponInvalid',
  'coupon.expired': 'couponExpired',
  'coupon.limit': 'couponLimit',
  'coupon.not_applicable': 'couponNotApplicable',
};

/** The catalogue key of a coupon refusal code, or undefined for any other code. */
export const couponProblemKey = (code: string | number): ProblemKey | undefined => couponKeys[String(code)];

/** The coupon problem a quote found for line `index` (its catalogue key), if any. */
export function lineCouponProblem(quote: QuoteAnswer | undefined, index: number): ProblemKey | undefined {
  const problem = quote?.problems.find((item) => item.index === index && couponProblemKey(item.code));
  return problem ? couponProblemKey(problem.code) : undefined;
}

/** A registrant's coupon code (§3 Registrant), optional, with its refusal under the field. */
export function CouponField({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (value: string) => void;
  problem: ProblemKey | undefined;
}) {
  const { t } = useTranslation('activities');
  const id = useId();
  return (
    <div data-problem={problem ? 'true' : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('checkout.coupon')} <span className="font-normal text-slate-400">({t('checkout.optional')})</span>
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={32}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('checkout.couponPlaceholder')}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className={cx(
          'h-12 w-full rounded-card bg-white px-3.5 text-[15px] uppercase ring-1 outline-none placeholder:normal-case focus:ring-2 focus:ring-primary',
          problem ? 'ring-red-300' : 'ring-slate-200',
        )}
        data-testid="coupon-input"
      />
      {problem ? (
        <p
          id={`${id}-problem`}
          role="alert"
          className="mt-1.5 text-[13px] text-red-600"
          data-testid="coupon-problem"
        >
          {t(`errors.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}

/** What the checkout charges now (§9 cents in the meeting's currency): subtotal, discount, total. */
export function CheckoutSummary({
  quote,
  isUpdating,
}: {
  quote: QuoteAnswer | undefined;
  isUpdating: boolean;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  if (!quote) return null;
  const money = (cents: number) => formatMoney(cents, quote.currency, language, { zeroAsFree: false });
  return (
    <Card
      className="space-y-1.5 p-4 text-sm"
      data-testid="checkout-summary"
      aria-busy={isUpdating || undefined}
    >
      <div className="flex justify-between gap-3 text-slate-600">
        <span>{t('checkout.subtotal')}</span>
        <span className="tabular-nums">{money(quote.subtotal)}</span>
      </div>
      {quote.discount > 0 ? (
        <div className="flex justify-between gap-3 text-emerald-700">
          <span>{t('checkout.discount')}</span>
          <span className="tabular-nums" dir="ltr" data-testid="checkout-discount">
            −{money(quote.discount)}
          </span>
        </div>
      ) : null}
      <div className="flex justify-between gap-3 border-t border-slate-100 pt-2 text-base font-semibold text-slate-900">
        <span>{t('checkout.total')}</span>
        <span className={cx('tabular-nums', isUpdating && 'opacity-50')} data-testid="checkout-total">
          {money(quote.total)}
        </span>
      </div>
    </Card>
  );
}

/** Who pays a group's paid tickets (§4 Group payment): the leader for everyone, or each member. */
export function PayModeChoice({
  value,
  onChange,
}: {
  value: 'leader' | 'each';
  onChange: (value: 'leader' | 'each') => void;
}) {
  const { t } = useTranslation('activities');
  const name = useId();
  return (
    <fieldset className="space-y-2" data-testid="pay-mode">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('checkout.payMode')}</legend>
      {(['leader', 'each'] as const).map((mode) => (
        <label
          key={mode}
          className={cx(
            'flex cursor-pointer items-start gap-3 rounded-card p-3.5 ring-1',
            value === mode ? 'bg-primary/5 ring-2 ring-primary' : 'bg-white ring-slate-200',
          )}
        >
          <input
            type="radio"
            name={name}
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
            className="mt-1 size-4.5 shrink-0 accent-[var(--app-primary)]"
          />
          <span>
            <span className="block text-[15px] font-medium text-slate-900">
              {mode === 'leader' ? t('checkout.payLeader') : t('checkout.payEach')}
            </span>
            {mode === 'each' ? (
              <span className="text-[13px] text-slate-500">{t('checkout.payEachHint')}</span>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
