import type {
  ConsoleCredential,
  ConsoleCredentialCounts,
  ConsoleCredentialSettings,
  CredentialKind,
  countConsoleCredentials,
  deleteConsoleCredential,
  getConsoleCredentialSettings,
  listConsoleCredentials,
  revealConsoleCredential,
  updateConsoleCredentialSettings,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';

/**
 * The console's real-name calls (DESIGN §7), typed from console-credentials.contracts.ts:
 * credentials.read (settings, counts, list), credentials.settings (save the rule, delete one),
 * credentials.reveal (one full number, audited).
 */

/** Query keys of this area; every write refreshes `all(meetingId)`. */
export const consoleCredentialKeys = {
  all: (meetingId: string) => ['console', 'credentials', meetingId] as const,
  settings: (meetingId: string) => ['console', 'credentials', meetingId, 'settings'] as const,
  counts: (meetingId: string) => ['console', 'credentials', meetingId, 'counts'] as const,
  list: (meetingId: string, kind: string, page: number) =>
    ['console', 'credentials', meetingId, 'list', kind, page] as const,
};

const settingsPath = (meetingId: string) =>
  fillPath<typeof getConsoleCredentialSettings>('/console/meetings/:meeting_id/credentials/settings', {
    meeting_id: meetingId,
  });

/** GET …/credentials/settings: the rule in force. */
export const useCredentialSettings = (meetingId: string) =>
  useQuery({
    queryKey: consoleCredentialKeys.settings(meetingId),
    queryFn: () => api.get<ConsoleCredentialSettings>(settingsPath(meetingId)),
  });

/** GET …/credentials/counts: in all and by kind. */
export const useCredentialCounts = (meetingId: string) =>
  useQuery({
    queryKey: consoleCredentialKeys.counts(meetingId),
    queryFn: () =>
      api.get<ConsoleCredentialCounts>(
        fillPath<typeof countConsoleCredentials>('/console/meetings/:meeting_id/credentials/counts', {
          meeting_id: meetingId,
        }),
      ),
  });

/** GET …/credentials?kind=&page=: masked, newest first, 50 a page. */
export const useCredentialList = (meetingId: string, kind: CredentialKind | '', page: number) =>
  useQuery({
    queryKey: consoleCredentialKeys.list(meetingId, kind, page),
    queryFn: () =>
      api.get<{ results: ConsoleCredential[]; total: number }>(
        fillPath<typeof listConsoleCredentials>('/console/meetings/:meeting_id/credentials', {
          meeting_id: meetingId,
        }),
        { ...(kind ? { kind } : {}), page },
      ),
  });

/** PUT …/credentials/settings (credentials.settings). 400 validation_failed. */
export function useSaveCredentialSettings(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ConsoleCredentialSettings) =>
      api.put<ConsoleCredentialSettings>(
        fillPath<typeof updateConsoleCredentialSettings>(
          '/console/meetings/:meeting_id/credentials/settings',
          {
            meeting_id: meetingId,
          },
        ),
        bracketBody(settings),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleCredentialKeys.all(meetingId) }),
  });
}

/** POST …/credentials/{id}/reveal (credentials.reveal; audited): the full number. */
export function revealCredential(meetingId: string, id: string): Promise<{ number: string }> {
  return api.post<{ number: string }>(
    fillPath<typeof revealConsoleCredential>('/console/meetings/:meeting_id/credentials/:id/reveal', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** DELETE …/credentials/{id} (credentials.settings). */
export function useDeleteCredential(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ deleted: 1 }>(
        fillPath<typeof deleteConsoleCredential>('/console/meetings/:meeting_id/credentials/:id', {
          meeting_id: meetingId,
          id,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleCredentialKeys.all(meetingId) }),
  });
}
