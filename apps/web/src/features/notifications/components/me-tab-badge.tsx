import type { countNotifications } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';

const countPath = contractPath<typeof countNotifications>('/notifications/count');

/**
 * GET /notifications/count: the unread badge — one cheap call, shared by the Me tab and the personal
 * centre's row (same query key), refreshed each minute. Kept small: it loads with the first script.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: ['notifications', 'count'],
    queryFn: () => api.get<{ total: number }>(countPath),
    enabled,
    staleTime: 30_000,
    refetchInterval: enabled ? 60_000 : false,
  });
}

/** The unread count as a small red pill (none at 0); 99+ beyond 99. */
export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-500 px-1.5 font-semibold text-[11px] text-white leading-5 tabular-nums ${className}`}
      data-testid="notifications-badge"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The Me tab's unread badge for a logged-in visitor (nothing otherwise); `inline` beside a label. */
export function MeTabBadge({ meetingId, inline = false }: { meetingId: string; inline?: boolean }) {
  const isLoggedIn = useIsLoggedIn(meetingId);
  const count = useUnreadCount(isLoggedIn);
  if (!isLoggedIn) return null;
  return (
    <UnreadBadge
      count={count.data?.total ?? 0}
      className={inline ? '' : 'absolute top-1.5 start-1/2 ms-1.5'}
    />
  );
}
