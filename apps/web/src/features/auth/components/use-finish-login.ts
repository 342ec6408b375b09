import type { LoginResult } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { saveSession } from '../../../lib/session.ts';

/**
 * Stores a successful login as the session (§3 stored values: token, user_id, meeting_id) and drops
 * cached user data of the previous visitor. The login page then moves on by itself.
 */
export function useFinishLogin(): (result: LoginResult) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (result: LoginResult) => {
      queryClient.removeQueries({ queryKey: ['users'] });
      saveSession({ token: result.token, userId: result.user_id.$id, meetingId: result.meeting_id.$id });
    },
    [queryClient],
  );
}
