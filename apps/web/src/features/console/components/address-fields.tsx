import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../components/ui/area-code-select.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';

/** A phone (with its area code) or an e-mail, as grants and administrators are known (§6). */
export type AddressValue = { kind: 'phone' | 'email'; phone: string; areaCode: string; email: string };

export const emptyAddress: AddressValue = { kind: 'phone', phone: '', areaCode: '86', email: '' };

/** The body fields of an address: `phone` + `area_code`, or `email`. */
export function addressBody(value: AddressValue): { phone?: string; area_code?: string; email?: string } {
  return value.kind === 'phone'
    ? { phone: value.phone.trim(), area_code: value.areaCode }
    : { email: value.email.trim() };
}

/** Phone-or-e-mail switch and its field. */
export function AddressFields({
  value,
  onChange,
  error,
}: {
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('console');
  return (
    <div className="space-y-3">
      <fieldset className="flex rounded-lg bg-slate-100 p-0.5">
        <legend className="sr-only">{t('address.kind')}</legend>
        {(['phone', 'email'] as const).map((kind) => (
          <label
            key={kind}
            className={cx(
              'flex h-8 flex-1 cursor-pointer items-center justify-center rounded-md text-[13px] has-focus-visible:ring-2 has-focus-visible:ring-primary',
              value.kind === kind ? 'bg-white font-medium text-slate-900 shadow-sm' : 'text-slate-600',
            )}
          >
            <input
              type="radio"
              name="console-address-kind"
              value={kind}
              checked={value.kind === kind}
              onChange={() => onChange({ ...value, kind })}
              className="sr-only"
            />
            {kind === 'phone' ? t('address.phone') : t('address.email')}
          </label>
        ))}
      </fieldset>
      {value.kind === 'phone' ? (
        <Field
          label={t('address.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
          value={value.phone}
          onChange={(event) => onChange({ ...value, phone: event.target.value })}
          error={error}
          start={
            <AreaCodeSelect
              value={value.areaCode}
              onChange={(areaCode) => onChange({ ...value, areaCode })}
              label={t('address.areaCode')}
            />
          }
          data-testid="console-address-phone"
        />
      ) : (
        <Field
          label={t('address.email')}
          type="email"
          autoComplete="off"
          dir="ltr"
          value={value.email}
          onChange={(event) => onChange({ ...value, email: event.target.value })}
          error={error}
          data-testid="console-address-email"
        />
      )}
    </div>
  );
}
