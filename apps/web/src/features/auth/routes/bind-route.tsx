import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths, safeRedirect } from '../../../lib/paths.ts';
import { writeStored } from '../../../lib/storage.ts';
import { useSession } from '../../../lib/use-session.ts';
import { bindPhoneToAccount } from '../api/bind-phone.ts';
import { bindWechatPhone } from '../api/login.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { PhoneCodeFields, type PhoneCodeValue } from '../components/phone-code-fields.tsx';
import { useFinishLogin } from '../components/use-finish-login.ts';

/** Storage key remembering that a user chose to skip binding a phone. */
export const bindSkippedKey = (userId: string) => `bind_skipped_${userId}`;

/**
 * /bind (§2): asks for a phone + SMS code. With `ticket` (WeChat 4260 hand-back) it finishes the
 * WeChat login with that phone; for a logged-in account without a phone it binds one (skippable).
 * A phone already used by another account is refused (§5).
 */
export function Component() {
  const { t, ready } = useTranslation(['auth', 'common']);
  const { t: tc } = useTranslation('common');
  const meeting = useMeeting();
  const meetingId = idOf(meeting);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const finish = useFinishLogin();
  const ticket = search.get('ticket');
  const redirect = safeRedirect(search.get('redirect')) ?? paths.home({ meetingId });
  const [value, setValue] = useState<PhoneCodeValue>({ areaCode: '86', phone: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<'phone' | 'code', string>>>({});
  const [isBusy, setBusy] = useState(false);
  const isLoggedIn = Boolean(session.token) && session.meetingId === meetingId;

  if (!ready) return null;
  if (!ticket && !isLoggedIn) return <Navigate to={paths.login({ meetingId, redirect })} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!value.phone.trim()) next.phone = t('errors.required');
    if (!value.code.trim()) next.code = t('errors.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      if (ticket) {
        finish(await bindWechatPhone({ ticket, ...value, meetingId }));
      } else if (session.userId) {
        await bindPhoneToAccount({ userId: session.userId, ...value });
        await queryClient.invalidateQueries({ queryKey: ['users'] });
      }
      showToast(t('bind.done'));
      navigate(redirect, { replace: true });
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('bind.title')} subtitle={t('bind.subtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <PhoneCodeFields
          meetingId={meetingId}
          purpose="bind"
          value={value}
          onChange={setValue}
          errors={errors}
          onErrors={setErrors}
        />
        <Button type="submit" className="mt-1 h-12 w-full text-[16px]" disabled={isBusy}>
          {t('bind.submit')}
        </Button>
        {!ticket && session.userId ? (
          <Link
            to={redirect}
            replace
            onClick={() => writeStored(bindSkippedKey(session.userId ?? ''), '1')}
            className="text-center text-[14px] text-slate-500 hover:text-slate-700"
          >
            {t('bind.skip')}
          </Link>
        ) : null}
      </form>
    </AuthFrame>
  );
}
