import type { NotificationItem } from '@app/contracts';
import { Bell, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { withQuery } from '../../../lib/paths.ts';
import { votePaths } from '../../../lib/votes-paths.ts';
import { useMarkRead, useNotificationPages } from '../api/notifications.ts';
import { kindLabelKeys, notificationText } from '../components/notification-text.ts';

/**
 * /my/notifications (beyond the spec): the caller's notices newest first — friend requests, meeting
 * requests and answers, registration review results, answers to questions — with unread dots,
 * "mark all as read", and each one opening its item (and marking it read); load more 20 at a time.
 */
function NotificationsRoute() {
  const { t } = useTranslation(['notifications', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const navigate = useNavigate();
  const pages = useNotificationPages(true);
  const markRead = useMarkRead();
  const items = pages.data?.pages.flat() ?? [];
  const hasUnread = items.some((item) => item.is_read === 0);
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: meeting.time_zone,
  });

  const open = (item: NotificationItem) => {
    if (item.is_read === 0) markRead.mutate({ ids: [item._id.$id] });
    if (item.path) navigate(withQuery(item.path, item.query));
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader
        title={t('title')}
        actions={
          <div className="flex items-center gap-2">
            {hasUnread ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => markRead.mutate({ all: 1 })}
                data-testid="notifications-read-all"
              >
                {t('markAllRead')}
              </Button>
            ) : null}
            <ButtonLink to={votePaths.notificationPreferences({ meetingId })} size="sm" variant="ghost">
              <Settings aria-hidden="true" className="size-4" />
              <span className="sr-only desk:not-sr-only">{t('preferences')}</span>
            </ButtonLink>
          </div>
        }
      />
      {pages.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {placeholderKeys(5).map((key) => (
            <Skeleton key={key} className="h-16 w-full rounded-2xl" />
          ))}
        </div>
      ) : pages.isError ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Bell aria-hidden="true" className="size-7" />}
          title={t('empty')}
          description={t('emptyHint')}
        />
      ) : (
        <>
          <ul
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
            data-testid="notifications-list"
          >
            {items.map((item) => (
              <li key={item._id.$id}>
                <button
                  type="button"
                  onClick={() => open(item)}
                  className="flex w-full items-start gap-3 px-4 py-3 text-start transition-colors hover:bg-slate-50"
                  data-testid="notification-item"
                >
                  <span
                    className={`mt-2 size-2 shrink-0 rounded-full ${item.is_read === 0 ? 'bg-red-500' : 'bg-transparent'}`}
                    aria-hidden="true"
                  />
                  {item.is_read === 0 ? <span className="sr-only">{t('unread')}</span> : null}
                  <span className="flex flex-1 flex-col gap-0.5">
                    <span className="text-[13px] text-slate-500">{t(kindLabelKeys[item.kind])}</span>
                    <span
                      className={`text-[15px] ${item.is_read === 0 ? 'font-medium text-slate-900' : 'text-slate-700'}`}
                    >
                      {notificationText(item, t)}
                    </span>
                    <span className="text-[12px] text-slate-400">
                      {format.format(new Date(item.created * 1000))}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={pages.hasNextPage}
            isLoading={pages.isFetchingNextPage}
            onLoad={() => void pages.fetchNextPage()}
            loadLabel={t('common:actions.loadMore')}
            loadingLabel={t('common:states.loadingMore')}
            doneLabel={t('common:states.allLoaded')}
          />
        </>
      )}
    </div>
  );
}

export { NotificationsRoute as Component };
