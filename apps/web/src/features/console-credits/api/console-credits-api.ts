import type {
  ConsoleActivityCredits,
  ConsoleMeeting,
  ConsoleUnionCode,
  consoleGetMeeting,
  deleteConsoleUnionCode,
  ImportUnionCodesResult,
  importConsoleUnionCodes,
  listConsoleCredits,
  listConsoleUnionCodes,
  updateConsoleCredits,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

/**
 * The console's credits and union code calls (DESIGN §7), typed from console-credits.contracts.ts
 * (credits.edit; union codes unioncodes.edit), and the meeting's languages the wording editor offers.
 */

const keys = {
  credits: (meetingId: string) => ['console', 'credits', meetingId] as const,
  codes: (meetingId: string, activityId: string) =>
    ['console', 'credits', meetingId, 'codes', activityId] as const,
};

const creditsPath = (meetingId: string) =>
  fillPath<typeof listConsoleCredits>('/console/meetings/:meeting_id/credits', { meeting_id: meetingId });
const codesPath = (meetingId: string) =>
  fillPath<typeof listConsoleUnionCodes>('/console/meetings/:meeting_id/unioncodes', {
    meeting_id: meetingId,
  });

/** GET …/credits: every activity with its credits and figures. */
export function useConsoleCredits(meetingId: string) {
  return useQuery({
    queryKey: keys.credits(meetingId),
    queryFn: () => api.get<{ items: ConsoleActivityCredits[] }>(creditsPath(meetingId)),
  });
}

/** GET /console/meetings/{id}: the meeting (its enabled languages). */
export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['console', 'credits', 'meeting', meetingId] as const,
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
      ),
    staleTime: 60_000,
  });

/** PUT …/credits/{activity_id}: saves credits, enabled, certificate title and signer. */
export function useSaveCredits(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, body }: { activityId: string; body: Record<string, NestedValue> }) =>
      api.put<ConsoleActivityCredits>(
        fillPath<typeof updateConsoleCredits>('/console/meetings/:meeting_id/credits/:activity_id', {
          meeting_id: meetingId,
          activity_id: activityId,
        }),
        bracketBody(body),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.credits(meetingId) }),
  });
}

export type CodesPage = { items: ConsoleUnionCode[]; total: number; used_total: number; matched: number };

/** GET …/unioncodes: an activity's codes (filtered by use and text), 100 a page. */
export function useUnionCodes(
  meetingId: string,
  activityId: string,
  filter: { used: '' | '0' | '1'; q: string; offset: number },
) {
  return useQuery({
    queryKey: [...keys.codes(meetingId, activityId), filter] as const,
    queryFn: () =>
      api.get<CodesPage>(codesPath(meetingId), {
        activity_id: activityId,
        ...(filter.used ? { used: filter.used } : {}),
        ...(filter.q.trim() ? { q: filter.q.trim() } : {}),
        limit: 100,
        offset: filter.offset,
      }),
    placeholderData: (previous) => previous,
  });
}

/** POST …/unioncodes/import: lines, CSV or XLSX (base64); a dry run reports only. */
export function useImportCodes(meetingId: string, activityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      partner: string;
      format: 'lines' | 'csv' | 'xlsx';
      text?: string;
      file?: string;
      dry_run: 0 | 1;
    }) =>
      api.post<ImportUnionCodesResult>(
        fillPath<typeof importConsoleUnionCodes>('/console/meetings/:meeting_id/unioncodes/import', {
          meeting_id: meetingId,
        }),
        { activity_id: activityId, ...body },
      ),
    onSuccess: (_result, body) => {
      if (body.dry_run === 0) {
        void client.invalidateQueries({ queryKey: keys.codes(meetingId, activityId) });
        void client.invalidateQueries({ queryKey: keys.credits(meetingId) });
      }
    },
  });
}

/** DELETE …/unioncodes/{id}: an unused code. */
export function useDeleteCode(meetingId: string, activityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(
        fillPath<typeof deleteConsoleUnionCode>('/console/meetings/:meeting_id/unioncodes/:id', {
          meeting_id: meetingId,
          id,
        }),
      ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: keys.codes(meetingId, activityId) });
      void client.invalidateQueries({ queryKey: keys.credits(meetingId) });
    },
  });
}

/** Paths (without /api) of the XLSX exports, for downloadFile. */
export const exportPaths = {
  credits: (meetingId: string, language: string, activityId?: string) =>
    `/console/meetings/${meetingId}/credits/export?lang=${language}${activityId ? `&activity_id=${activityId}` : ''}`,
  codes: (meetingId: string, activityId: string) =>
    `/console/meetings/${meetingId}/unioncodes/export?activity_id=${activityId}`,
};
