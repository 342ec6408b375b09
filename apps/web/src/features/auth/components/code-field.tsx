import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import type { SentCode } from '../api/send-code.ts';
import { CodeButton } from './code-button.tsx';

type CodeFieldProps = {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  /** Checks the address before sending (shows why not); false sends nothing. */
  canSend: () => boolean | Promise<boolean>;
  send: () => Promise<SentCode>;
  label?: string;
};

/** The 6-digit code input with its 'Get code' button (digits only; the phone may fill it from the SMS). */
export function CodeField({ value, onChange, error, canSend, send, label }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <Field
      label={label ?? t('code.label')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('code.placeholder')}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
      end={<CodeButton canSend={canSend} send={send} />}
    />
  );
}
