import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths, safeRedirect } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/session.ts';
import { type OAuthProvider, startOAuth } from '../api/login.ts';
import { failureKeyOf, loginFailureKey, OauthLanding } from '../components/oauth-landing.tsx';

const retryable: readonly OAuthProvider[] = ['google', 'facebook', 'chinaief'];
const isObjectId = (value: string) => /^[0-9a-f]{24}$/.test(value);

/**
 * /oauth2/authorize (§2): where a Google, Facebook or single sign-on login returns. The server's
 * callback already opened the session: `token`, `user_id`, `meeting_id` are stored (§3 stored values)
 * and the visitor goes on through /login (bind check, then `redirect`). With `error` the reason is
 * shown, with "Try again" at the same `provider`.
 */
export function Component() {
  const { t, ready } = useTranslation('sso');
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirect = safeRedirect(search.get('redirect'));
  const token = search.get('token');
  const userId = search.get('user_id');
  const sessionMeeting = search.get('meeting_id') ?? meetingId;
  const provider = retryable.find((name) => name === search.get('provider'));
  const hasSession = Boolean(token && userId && isObjectId(userId) && isObjectId(sessionMeeting));
  const [failure, setFailure] = useState(() =>
    hasSession ? null : loginFailureKey(search.get('error') ?? 'login.invalid'),
  );
  const [isRetrying, setRetrying] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !hasSession || !token || !userId) return;
    done.current = true;
    // As useFinishLogin: the previous visitor's cached user data goes, the session is stored.
    queryClient.removeQueries({ queryKey: ['users'] });
    saveSession({ token, userId, meetingId: sessionMeeting });
    navigate(paths.login({ meetingId: sessionMeeting, redirect }), { replace: true });
  }, [hasSession, token, userId, sessionMeeting, redirect, queryClient, navigate]);

  const retry = provider
    ? () => {
        setRetrying(true);
        startOAuth({ provider, meetingId, redirect }).then(
          ({ url }) => window.location.assign(url),
          (error: unknown) => {
            setRetrying(false);
            setFailure(failureKeyOf(error));
          },
        );
      }
    : undefined;

  if (!ready) return null;
  return (
    <OauthLanding
      title={t('landing.title')}
      meetingId={meetingId}
      redirect={redirect}
      isWorking={!failure}
      progress={t('landing.progress')}
      failure={failure}
      onRetry={retry}
      isRetrying={isRetrying}
    />
  );
}
