import { AlertCircle, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthFrame } from './auth-frame.tsx';

/** The sso catalogue key of a login failure's message (§8 'Login invalid' and the login refusals). */
export function loginFailureKey(code: string | number | null | undefined) {
  switch (String(code ?? '')) {
    case 'login.invalid':
      return 'errors.loginInvalid' as const;
    case 'account.disabled':
      return 'errors.accountDisabled' as const;
    case 'login.method_disabled':
      return 'errors.methodDisabled' as const;
    case 'provider.not_configured':
      return 'errors.notConfigured' as const;
    default:
      return 'errors.failed' as const;
  }
}

/** The failure key of a thrown error (network failures included). */
export const failureKeyOf = (error: unknown) =>
  loginFailureKey(error instanceof ApiError ? error.code : 'failed');

/**
 * The body of the sign-in landing pages (§2 /oauth/authorize, /oauth2/authorize, /oauth/chinaief):
 * a calm progress state while the login finishes, or the reason it failed with "Try again" (a fresh
 * start at the provider) and a way back to the other login methods.
 */
export function OauthLanding({
  title,
  meetingId,
  redirect,
  isWorking,
  progress,
  failure,
  onRetry,
  isRetrying = false,
}: {
  title: string;
  meetingId: string;
  redirect: string | undefined;
  isWorking: boolean;
  progress: string;
  failure: ReturnType<typeof loginFailureKey> | null;
  onRetry?: (() => void) | undefined;
  isRetrying?: boolean;
}) {
  const { t } = useTranslation('sso');
  return (
    <AuthFrame title={failure ? t('landing.failedTitle') : title}>
      {failure ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <AlertCircle aria-hidden="true" className="size-9 text-rose-500" />
          <p className="text-[15px] text-slate-700">{t(failure)}</p>
          <div className="mt-3 flex w-full flex-col gap-2">
            {onRetry ? (
              <Button className="h-12 w-full" onClick={onRetry} disabled={isRetrying}>
                {isRetrying ? t('landing.working') : t('landing.retry')}
              </Button>
            ) : null}
            <ButtonLink
              variant="secondary"
              className="h-12 w-full"
              to={paths.login({ meetingId, redirect })}
              replace
            >
              {t('landing.otherMethods')}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <div
          role="status"
          aria-busy={isWorking}
          className="flex flex-col items-center gap-3 py-8 text-center"
        >
          <LoaderCircle
            aria-hidden="true"
            className="size-9 animate-spin text-primary motion-reduce:animate-none"
          />
          <p className="text-[15px] text-slate-700">{progress}</p>
        </div>
      )}
    </AuthFrame>
  );
}
