import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { passwordLinkQueryOptions, setPasswordWithLink } from '../api/password-links.ts';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
/**
 * Password length the server accepts (SetPasswordBody of console-exhibitors.contracts.ts, whose zod
 * schema stays out of this public page's script).
 */
const exhibitorPasswordLength = { min: 8, max: textLimits.password } as const;

/** Whether the server refused the link (4xx); a network failure (status 0) or a 5xx is not that. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * /meeting/exhibitor/password?key=…&meeting_id=… (§6 Exhibitor): the page of the one-time link an
 * organiser's approval or password reset sends (`key`, not `token`: the app takes a `token` query
 * parameter as a session, §2). It names the exhibitor account and the meeting, takes
 * a new password twice (at least 8 characters) and sets it; then the account logs in with it. A used
 * or expired link says so (§8 'The temporary link has expired'), a malformed or unknown one that it is
 * not valid.
 */
function PasswordRoute() {
  const { t, ready } = useTranslation(['exhibitors', 'common']);
  const [search] = useSearchParams();
  const token = search.get('key') ?? '';
  const isWellFormed = tokenPattern.test(token);
  const query = useQuery({ ...passwordLinkQueryOptions(token), enabled: isWellFormed });
  if (!ready || (isWellFormed && query.isPending)) {
    return (
      <div className="mx-auto max-w-md space-y-4 p-4 desk:py-8" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-40 w-full rounded-card" />
      </div>
    );
  }
  // Only the server's refusal of the link (4xx) says the link is bad; a network failure or a 5xx
  // leaves a good link worth retrying.
  if (query.isError && !isRefusal(query.error)) {
    return (
      <div className="mx-auto max-w-md p-4 desk:py-8" data-testid="exhibitor-password-error">
        <ErrorState onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!isWellFormed || query.isError) {
    const isExpired = query.error instanceof ApiError && query.error.status === 410;
    return (
      <div className="mx-auto max-w-md p-4 desk:py-8" data-testid="exhibitor-password-invalid">
        <EmptyState
          icon={<LinkIcon aria-hidden="true" className="size-7" />}
          title={isExpired ? t('exhibitors:password.expired') : t('exhibitors:password.invalid')}
          description={t('exhibitors:password.askOrganiser')}
        />
      </div>
    );
  }
  if (!query.data) return null;
  return (
    <PasswordForm
      token={token}
      account={query.data.account}
      meetingTitle={query.data.meeting.title}
      meetingId={query.data.meeting._id.$id}
    />
  );
}

function PasswordForm({
  token,
  account,
  meetingTitle,
  meetingId,
}: {
  token: string;
  account: string;
  meetingTitle: string | Record<string, string>;
  meetingId: string;
}) {
  const { t } = useTranslation('exhibitors');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'repeat'; text: string } | undefined>();
  const [isBusy, setBusy] = useState(false);
  const [isDone, setDone] = useState(false);
  const [isExpired, setExpired] = useState(false);
  const values = { min: exhibitorPasswordLength.min };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < exhibitorPasswordLength.min) {
      setError({ field: 'password', text: t('password.tooShort', values) });
      return;
    }
    if (password !== repeat) {
      setError({ field: 'repeat', text: t('password.mismatch') });
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await setPasswordWithLink(token, password);
      setDone(true);
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 410) setExpired(true);
      else showToast(apiErrorMessage(cause, tc));
    } finally {
      setBusy(false);
    }
  };

  if (isExpired) {
    return (
      <div className="mx-auto max-w-md p-4 desk:py-8">
        <EmptyState
          icon={<LinkIcon aria-hidden="true" className="size-7" />}
          title={t('password.expired')}
          description={t('password.askOrganiser')}
        />
      </div>
    );
  }
  if (isDone) {
    return (
      <div className="mx-auto max-w-md p-4 desk:py-8" data-testid="exhibitor-password-done">
        <Card className="p-5 text-center">
          <CircleCheck aria-hidden="true" className="mx-auto size-10 text-emerald-600" />
          <p className="mt-3 text-[15px] text-slate-700">{t('password.done', { account })}</p>
          <Link to={paths.login({ meetingId })} className={buttonClass('primary', 'md', 'mt-5 w-full')}>
            {t('password.login')}
          </Link>
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md p-4 desk:py-8" data-testid="exhibitor-password">
      <Card className="p-5">
        <h1 className="flex items-center gap-2 text-[19px] font-semibold text-slate-900">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          {t('password.title')}
        </h1>
        <p className="mt-2 text-[15px] text-slate-600">
          {t('password.intro', { account, meeting: localize(meetingTitle, language) })}
        </p>
        <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
          <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
          <Field
            label={t('password.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            maxLength={exhibitorPasswordLength.max}
            hint={t('password.hint', values)}
            error={error?.field === 'password' ? error.text : undefined}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="exhibitor-password-new"
          />
          <Field
            label={t('password.repeat')}
            type="password"
            autoComplete="new-password"
            value={repeat}
            maxLength={exhibitorPasswordLength.max}
            error={error?.field === 'repeat' ? error.text : undefined}
            onChange={(event) => setRepeat(event.target.value)}
            data-testid="exhibitor-password-repeat"
          />
          <Button type="submit" className="w-full" disabled={isBusy} data-testid="exhibitor-password-submit">
            {t('password.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}

export const Component = PasswordRoute;
