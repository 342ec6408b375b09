import type { AuditEntry, listAuditLog } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/** Rows of one audit page (the server's page size). */
export const auditPageSize = 50;

export type AuditFilters = { entity: string; action: string };

/**
 * GET /console/meetings/{meeting_id}/audit: the meeting's audit log, newest first, 50 a page. The
 * client unwraps `{ results }`, so the next page's `before` is the last row's id when the page is
 * full — the rule the server's `next_before` follows. 403 no_permission (audit.read).
 */
export const auditQueryOptions = (meetingId: string, filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['console', 'audit', meetingId, filters],
    queryFn: ({ pageParam }) =>
      api.list<AuditEntry>(
        fillPath<typeof listAuditLog>('/console/meetings/:meeting_id/audit', { meeting_id: meetingId }),
        {
          entity: filters.entity || undefined,
          action: filters.action || undefined,
          before: pageParam,
        },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length === auditPageSize ? page.at(-1)?.id : undefined),
  });
