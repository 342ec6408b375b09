import type { User } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { bindPhoneToAccount } from '../api/bind-phone.ts';
import { fetchCurrentUser } from '../api/current-user.ts';
import { PhoneCodeFields, type PhoneCodeValue } from '../components/phone-code-fields.tsx';

/**
 * /account/phone (§2): moves the account to a new phone proven by an SMS code sent to it. A phone
 * already used by another account is refused (§5).
 */
export function Component() {
  const { t, ready } = useTranslation(['auth', 'common']);
  const { t: tc } = useTranslation('common');
  const meeting = useMeeting();
  const meetingId = idOf(meeting);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useQuery({ queryKey: ['users', 'me', meetingId], queryFn: fetchCurrentUser });
  const [value, setValue] = useState<PhoneCodeValue>({ areaCode: '86', phone: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<'phone' | 'code', string>>>({});
  const [isBusy, setBusy] = useState(false);
  if (!ready || !user) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!value.phone.trim()) next.phone = t('auth:errors.required');
    if (!value.code.trim()) next.code = t('auth:errors.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const saved: User = await bindPhoneToAccount({ userId: user._id.$id, ...value });
      queryClient.setQueryData(['users', 'me', meetingId], saved);
      showToast(t('auth:account.phoneChanged'));
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
        {user.phone
          ? t('auth:account.currentPhone', { phone: `+${user.area_code} ${user.phone}` })
          : t('auth:account.noPhone')}
      </p>
      <div className="space-y-4 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100">
        <PhoneCodeFields
          meetingId={meetingId}
          purpose={user.phone ? 'change' : 'bind'}
          value={value}
          onChange={setValue}
          errors={errors}
          onErrors={setErrors}
        />
      </div>
      <Button type="submit" className="h-12 w-full text-[16px]" disabled={isBusy}>
        {t('auth:account.savePhone')}
      </Button>
    </form>
  );
}
