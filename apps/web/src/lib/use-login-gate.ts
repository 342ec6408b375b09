import { useLocation, useNavigate } from 'react-router';
import { paths } from './paths.ts';
import { useIsLoggedIn } from './use-session.ts';

/**
 * Runs `action` for a logged-in visitor; sends anyone else to /login, which returns here afterwards
 * (reactions need an account, §6).
 */
export function useLoginGate(meetingId: string): (action: () => void) => void {
  const isLoggedIn = useIsLoggedIn(meetingId);
  const navigate = useNavigate();
  const location = useLocation();
  return (action) => {
    if (isLoggedIn) action();
    else navigate(paths.login({ meetingId, redirect: `${location.pathname}${location.search}` }));
  };
}
