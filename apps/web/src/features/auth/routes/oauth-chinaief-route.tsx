import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths, safeRedirect } from '../../../lib/paths.ts';
import { oauthProvidersQueryOptions, startOAuth } from '../api/login.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { failureKeyOf, type loginFailureKey } from '../components/oauth-landing.tsx';
import { ssoButtonName } from './login-route.tsx';

/** Milliseconds the entry shows the provider's name before it continues by itself. */
const autoContinueMs = 1_200;

/**
 * /oauth/chinaief (§2): the meeting's single sign-on entry. Shows the provider's name and a continue
 * button, and continues by itself once: POST /oauth/chinaief/authorizations, then the provider's
 * page. A meeting without single sign-on says so and links to the other login methods; a failed
 * start shows why, with "Try again".
 */
export function Component() {
  const { t, ready } = useTranslation('sso');
  const language = useLanguage();
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const methods = useQuery(oauthProvidersQueryOptions(meetingId));
  const [isStarting, setStarting] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof loginFailureKey> | null>(null);
  const autoStarted = useRef(false);
  const sso = methods.data?.chinaief || null;

  const start = () => {
    setStarting(true);
    setFailure(null);
    startOAuth({ provider: 'chinaief', meetingId, redirect }).then(
      ({ url }) => window.location.assign(url),
      (error: unknown) => {
        setStarting(false);
        setFailure(failureKeyOf(error));
      },
    );
  };

  const startLater = useRef(start);
  startLater.current = start;
  const isOffered = Boolean(sso);
  // Continues by itself once the provider is known (the timer fires once; a remount re-arms it).
  useEffect(() => {
    if (!isOffered || autoStarted.current) return;
    const timer = setTimeout(() => {
      autoStarted.current = true;
      startLater.current();
    }, autoContinueMs);
    return () => clearTimeout(timer);
  }, [isOffered]);

  if (!ready) return null;
  if (methods.isPending) {
    return (
      <AuthFrame title={t('entry.title')}>
        <div className="space-y-3 py-4" aria-busy="true">
          <Skeleton className="mx-auto h-6 w-48" />
          <Skeleton className="h-12 w-full" />
        </div>
      </AuthFrame>
    );
  }
  if (methods.isError) {
    return (
      <AuthFrame title={t('entry.title')}>
        <ErrorState onRetry={() => void methods.refetch()} />
      </AuthFrame>
    );
  }
  if (!sso) {
    return (
      <AuthFrame title={t('entry.title')}>
        <div className="flex flex-col items-center gap-4 py-4 text-center" data-sso-entry="none">
          <p className="text-[15px] text-slate-600">{t('entry.notOffered')}</p>
          <ButtonLink className="h-12 w-full" to={paths.login({ meetingId, redirect })} replace>
            {t('landing.otherMethods')}
          </ButtonLink>
        </div>
      </AuthFrame>
    );
  }
  const name = ssoButtonName(sso.name, language);
  return (
    <AuthFrame title={t('entry.title')}>
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <p className="text-[17px] font-semibold text-slate-900" data-sso-name>
          {name}
        </p>
        <p className="text-[14px] text-slate-600">{t('entry.hint', { name })}</p>
        {failure ? (
          <p role="alert" className="text-[14px] text-rose-600">
            {t(failure)}
          </p>
        ) : null}
        <Button className="mt-2 h-12 w-full" onClick={start} disabled={isStarting} aria-busy={isStarting}>
          {isStarting ? t('entry.continuing') : failure ? t('landing.retry') : t('entry.continue')}
        </Button>
        <Link
          to={paths.login({ meetingId, redirect })}
          className="text-[14px] text-primary underline-offset-2 hover:underline"
        >
          {t('landing.otherMethods')}
        </Link>
        <p className="mt-2 text-[12px] text-slate-400">
          {t('entry.agreement')}{' '}
          <Link to={paths.agree({ meetingId })} className="text-primary">
            {t('entry.policy')}
          </Link>
        </p>
      </div>
    </AuthFrame>
  );
}
