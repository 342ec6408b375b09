import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths, safeRedirect } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/session.ts';
import { useSession } from '../../../lib/use-session.ts';
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
  const session = useSession();
  const isSignedIn = Boolean(session.token) && session.meetingId === meetingId;
  const error = search.get('error');
  const [retryFailure, setFailure] = useState<ReturnType<typeof loginFailureKey> | null>(null);
  const failure =
    retryFailure ??
    (error ? loginFailureKey(error) : !token && !isSignedIn ? loginFailureKey('login.invalid') : null);
  const [isRetrying, setRetrying] = useState(false);
  const stored = useRef(false);

  // The session arrives in the query; the meeting layout also stores it and then takes `token` out of
  // the address (replace). Store it here as well, and move on only once the address is clean, so the
  // two navigations cannot race.
  useEffect(() => {
    if (stored.current || error || !token || !userId || !isObjectId(userId) || !isObjectId(sessionMeeting))
      return;
    stored.current = true;
    // As useFinishLogin: the previous visitor's cached user data goes, the session is stored.
    queryClient.removeQueries({ queryKey: ['users'] });
    saveSession({ token, userId, meetingId: sessionMeeting });
  }, [error, token, userId, sessionMeeting, queryClient]);

  useEffect(() => {
    if (error || token || !isSignedIn) return;
    navigate(paths.login({ meetingId, redirect }), { replace: true });
  }, [error, token, isSignedIn, meetingId, redirect, navigate]);

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
