import type { CredentialRule, getMyCredential, UserCredential } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from './api/api.ts';

/**
 * Whether the signed-in person must add a real-name credential before registering (§3 Registrant ID
 * number): the meeting requires one and they have none (GET /user_credentials/mine). `isPending`
 * while asked; an error lets the page go on (the server then decides). Shared by the registration
 * pages and /credential (same query key, so saving refreshes both).
 */
export function useRealNameGate(
  meetingId: string,
  isEnabled: boolean,
): { isPending: boolean; needsCredential: boolean } {
  const query = useQuery({
    queryKey: ['credentials', 'mine', meetingId] as const,
    queryFn: () =>
      api.get<{ credential: UserCredential | null; rule: CredentialRule }>(
        contractPath<typeof getMyCredential>('/user_credentials/mine'),
        { meeting_id: meetingId },
      ),
    enabled: isEnabled,
  });
  if (!isEnabled || query.isError) return { isPending: false, needsCredential: false };
  if (query.isPending) return { isPending: true, needsCredential: false };
  return {
    isPending: false,
    needsCredential: query.data.rule.required === 1 && query.data.credential === null,
  };
}
