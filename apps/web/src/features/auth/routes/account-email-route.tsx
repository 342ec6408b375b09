import type { User } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { normaliseEmail } from '@app/domain/contact';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { changeEmail } from '../api/change-email.ts';
import { fetchCurrentUser } from '../api/current-user.ts';
import { sendMailCode } from '../api/send-code.ts';
import { CodeField } from '../components/code-field.tsx';

/**
 * /account/email (§2): sets or changes the account's e-mail, proven by a mail code sent to the new
 * address. An e-mail already used by another account is refused (§5).
 */
export function Component() {
  const { t, ready } = useTranslation(['auth', 'common']);
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = idOf(meeting);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useQuery({ queryKey: ['users', 'me', meetingId], queryFn: fetchCurrentUser });
  const [value, setValue] = useState({ email: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<'email' | 'code', string>>>({});
  const [isBusy, setBusy] = useState(false);
  if (!ready || !user) return null;

  const emailError = (): string | undefined => {
    if (!value.email.trim()) return t('auth:errors.required');
    return normaliseEmail(value.email) ? undefined : t('auth:errors.email');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const invalidEmail = emailError();
    if (invalidEmail) next.email = invalidEmail;
    if (!value.code.trim()) next.code = t('auth:errors.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const saved: User = await changeEmail({ userId: user._id.$id, ...value });
      queryClient.setQueryData(['users', 'me', meetingId], saved);
      showToast(t('auth:account.emailChanged'));
      navigate(paths.my.index({ meetingId }), { replace: true });
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="mx-auto max-w-[720px] space-y-4 p-4 desk:py-8"
    >
      <p className="text-[14px] text-slate-600">
        {user.contact.email
          ? t('auth:account.currentEmail', { email: user.contact.email })
          : t('auth:account.noEmail')}
      </p>
      <div className="space-y-4 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100">
        <Field
          label={t('auth:account.newEmail')}
          name="email"
          maxLength={textLimits.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={value.email}
          onChange={(event) => setValue({ ...value, email: event.target.value })}
          error={errors.email}
        />
        <CodeField
          value={value.code}
          onChange={(code) => setValue({ ...value, code })}
          error={errors.code}
          canSend={() => {
            const invalid = emailError();
            setErrors(invalid ? { email: invalid } : {});
            return !invalid;
          }}
          send={() => sendMailCode({ email: value.email, meetingId, purpose: 'change', lang: language })}
        />
      </div>
      <Button type="submit" className="h-12 w-full text-[16px]" disabled={isBusy}>
        {t('auth:account.saveEmail')}
      </Button>
    </form>
  );
}
