import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { paths } from '../../../lib/paths.ts';

type AgreementCheckProps = {
  meetingId: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  /** Flash the box after a login attempt without agreeing (§5: ticked before login). */
  hasError: boolean;
};

/** 'I have read and agree to the privacy policy', linking to /agree with the meeting's policy. */
export function AgreementCheck({ meetingId, isChecked, onChange, hasError }: AgreementCheckProps) {
  const { t } = useTranslation('auth');
  return (
    <div
      className={cx(
        'flex items-start gap-2.5 text-[13px] text-slate-600',
        hasError && 'animate-[shake_0.3s]',
      )}
    >
      <input
        id="agree"
        type="checkbox"
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={hasError ? true : undefined}
        className={cx(
          'mt-0.5 size-4 shrink-0 accent-[var(--app-primary)]',
          hasError && 'outline-2 outline-red-500',
        )}
      />
      <label htmlFor="agree">
        {t('agreement.prefix')}{' '}
        <Link
          to={paths.agree({ meetingId })}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {t('agreement.policy')}
        </Link>
      </label>
    </div>
  );
}
