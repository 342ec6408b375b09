import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/client.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths, safeRedirect } from '../../../lib/paths.ts';
import { loginWithWechat, startOAuth } from '../api/login.ts';
import { failureKeyOf, loginFailureKey, OauthLanding } from '../components/oauth-landing.tsx';
import { useFinishLogin } from '../components/use-finish-login.ts';

/**
 * /oauth/authorize (§2): where a WeChat web login returns. Posts `code` + `state` (the server's
 * callback put them here) to POST /tokens/wechat once: a session goes on through /login (which sends
 * a phoneless account to /bind), the 4260 hand-back goes to /bind with its ticket (§8), a failure is
 * shown with "Try again" (a fresh WeChat authorisation: a code and state work only once).
 */
export function Component() {
  const { t, ready } = useTranslation('sso');
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishLogin();
  const redirect = safeRedirect(search.get('redirect'));
  const code = search.get('code') ?? search.get('wechat_code');
  const state = search.get('state');
  const [failure, setFailure] = useState(() =>
    search.get('error') || !code || !state ? loginFailureKey(search.get('error') ?? 'login.invalid') : null,
  );
  const [isRetrying, setRetrying] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || failure || !code || !state) return;
    started.current = true;
    loginWithWechat({ code, state, meetingId }).then(
      (result) => {
        finish(result);
        navigate(paths.login({ meetingId, redirect }), { replace: true });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 4260 && typeof error.data?.ticket === 'string') {
          navigate(paths.bind({ meetingId, redirect, ticket: error.data.ticket }), { replace: true });
          return;
        }
        setFailure(failureKeyOf(error));
      },
    );
  }, [code, state, failure, meetingId, redirect, finish, navigate]);

  const retry = () => {
    setRetrying(true);
    startOAuth({ provider: 'wechat', meetingId, redirect }).then(
      ({ url }) => window.location.assign(url),
      (error: unknown) => {
        setRetrying(false);
        setFailure(failureKeyOf(error));
      },
    );
  };

  if (!ready) return null;
  return (
    <OauthLanding
      title={t('landing.wechatTitle')}
      meetingId={meetingId}
      redirect={redirect}
      isWorking={!failure}
      progress={t('landing.wechatProgress')}
      failure={failure}
      onRetry={retry}
      isRetrying={isRetrying}
    />
  );
}
