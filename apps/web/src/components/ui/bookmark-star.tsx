import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useBookmarkedIds, useToggleBookmark } from '../../lib/api/bookmarks.ts';
import { useSession } from '../../lib/use-session.ts';
import { cx } from './cx.ts';

/**
 * The bookmark star of a session (§2 /my/schedules, §7 POST/DELETE /users/{id}/agendas/{agenda_id}):
 * filled when the session is in the caller's agenda. Shown only to a logged-in visitor of the meeting.
 */
export function BookmarkStar({
  agendaId,
  meetingId,
  className,
  withLabel,
}: {
  agendaId: string;
  meetingId: string;
  className?: string;
  withLabel?: boolean;
}) {
  const { t } = useTranslation('schedules');
  const session = useSession();
  const userId = session.token && session.meetingId === meetingId ? session.userId : undefined;
  const bookmarked = useBookmarkedIds(userId);
  const toggle = useToggleBookmark(userId ?? '');
  if (!userId || !bookmarked) return null;
  const pendingValue = toggle.isPending ? toggle.variables?.on : undefined;
  const isOn = pendingValue ?? bookmarked.has(agendaId);
  const label = isOn ? t('bookmark.remove') : t('bookmark.add');
  return (
    <button
      type="button"
      aria-pressed={isOn}
      aria-label={withLabel ? undefined : label}
      title={label}
      data-testid="bookmark-star"
      disabled={toggle.isPending}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle.mutate({ agendaId, on: !isOn });
      }}
      className={cx(
        'inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-full text-sm font-medium transition hover:bg-amber-50 disabled:opacity-70',
        isOn ? 'text-amber-500' : 'text-slate-400 hover:text-amber-500',
        withLabel && 'px-3 ring-1 ring-slate-200',
        className,
      )}
    >
      <Star aria-hidden="true" className={cx('size-5', isOn && 'fill-current')} />
      {withLabel ? <span className={isOn ? 'text-amber-700' : 'text-slate-600'}>{label}</span> : null}
    </button>
  );
}
