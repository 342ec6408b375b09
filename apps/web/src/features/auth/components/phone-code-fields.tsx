import { textLimits } from '@app/contracts/wire/limits.ts';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../components/ui/area-code-select.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { type CodePurpose, sendSmsCode } from '../api/send-code.ts';
import { CodeField } from './code-field.tsx';
import { loadContactRules } from './contact-rules.ts';

export type PhoneCodeValue = { areaCode: string; phone: string; code: string };
export type PhoneCodeErrors = Partial<Record<'phone' | 'code', string>>;

type PhoneCodeFieldsProps = {
  meetingId: string;
  purpose: CodePurpose;
  value: PhoneCodeValue;
  onChange: (value: PhoneCodeValue) => void;
  errors: PhoneCodeErrors;
  onErrors: (errors: PhoneCodeErrors) => void;
};

/**
 * Phone (with area code) and SMS code inputs with the 'Get code' button. Mainland numbers must be
 * zh-CN mobiles, others valid for their region (§5, same rule as the server).
 */
export function PhoneCodeFields({
  meetingId,
  purpose,
  value,
  onChange,
  errors,
  onErrors,
}: PhoneCodeFieldsProps) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const checkPhone = async (): Promise<boolean> => {
    if (value.phone.trim() === '') {
      onErrors({ phone: t('errors.required') });
      return false;
    }
    const { normalisePhone } = await loadContactRules();
    if (!normalisePhone(value.phone, value.areaCode)) {
      onErrors({ phone: t('errors.phone') });
      return false;
    }
    onErrors({});
    return true;
  };
  return (
    <>
      <Field
        label={t('phone.label')}
        name="phone"
        maxLength={textLimits.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('phone.placeholder')}
        value={value.phone}
        onChange={(event) => onChange({ ...value, phone: event.target.value })}
        error={errors.phone}
        start={
          <AreaCodeSelect
            value={value.areaCode}
            onChange={(areaCode) => onChange({ ...value, areaCode })}
            label={t('phone.areaCode')}
          />
        }
      />
      <CodeField
        value={value.code}
        onChange={(code) => onChange({ ...value, code })}
        error={errors.code}
        canSend={checkPhone}
        send={() =>
          sendSmsCode({ phone: value.phone, areaCode: value.areaCode, meetingId, purpose, lang: language })
        }
      />
    </>
  );
}
