import type { ModerationBan } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { bansQueryOptions, consoleModerationKeys, liftBan } from '../api/console-moderation-api.ts';
import { ModerationTabs } from '../components/moderation-tabs.tsx';

/**
 * `#/console/meetings/:meetingId/moderation/bans` (§5 sensitive content): users blocked from posting
 * in the meeting (blocked from the queue), with the reason and since when; lifting one is confirmed
 * (community.moderate).
 */
function ModerationBansRoute() {
  const { t } = useTranslation('console-moderation');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const canModerate = meeting?.actions.includes('community.moderate') ?? false;
  const timeZone = meeting?.time_zone ?? 'UTC';
  const bans = useQuery(bansQueryOptions(meetingId));
  const queryClient = useQueryClient();
  const [lifting, setLifting] = useState<ModerationBan | undefined>();
  const lift = useMutation({
    mutationFn: (ban: ModerationBan) => liftBan(meetingId, ban.user._id),
    onSuccess: () => {
      setLifting(undefined);
      showToast(t('bans.lifted'));
      void queryClient.invalidateQueries({ queryKey: consoleModerationKeys.all(meetingId) });
    },
    onError: () => {
      setLifting(undefined);
      showToast(t('failed'));
    },
  });
  const columns = useMemo<DataColumn<ModerationBan>[]>(() => {
    const day = (seconds: number) =>
      formatDate(seconds * 1000, timeZone, language, { day: 'numeric', month: 'short', year: 'numeric' });
    return [
      {
        id: 'user',
        header: t('bans.user'),
        cell: (ban) => <bdi className="font-medium">{ban.user.username || '—'}</bdi>,
      },
      {
        id: 'reason',
        header: t('bans.reason'),
        cell: (ban) => <bdi className="text-sm">{ban.reason || '—'}</bdi>,
      },
      {
        id: 'since',
        header: t('bans.since'),
        cell: (ban) => <span className="text-sm whitespace-nowrap">{day(ban.created)}</span>,
      },
      {
        id: 'until',
        header: t('bans.until'),
        cell: (ban) => (
          <span className="text-sm whitespace-nowrap">{ban.until ? day(ban.until) : t('bans.forever')}</span>
        ),
      },
      {
        id: 'actions',
        header: t('queue.actions'),
        className: 'text-end',
        cell: (ban) =>
          canModerate ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setLifting(ban)}
              data-testid="moderation-lift"
            >
              {t('bans.lift')}
            </Button>
          ) : null,
      },
    ];
  }, [t, canModerate, timeZone, language]);

  return (
    <ConsolePage title={t('heading')} description={t('bans.description')} testId="console-moderation-bans">
      <ModerationTabs meetingId={meetingId} current="bans" />
      <Card className="overflow-hidden">
        {bans.isPending ? (
          <TableSkeleton />
        ) : bans.isError ? (
          <ConsoleErrorState error={bans.error} onRetry={() => void bans.refetch()} />
        ) : bans.data.items.length === 0 ? (
          <EmptyState icon={<UserX aria-hidden="true" className="size-7" />} title={t('bans.empty')} />
        ) : (
          <DataTable
            columns={columns}
            rows={bans.data.items}
            rowKey={(ban) => ban.user._id}
            caption={t('tabs.bans')}
            testId="moderation-bans-table"
          />
        )}
      </Card>
      <ConfirmDialog
        isOpen={lifting !== undefined}
        title={t('bans.lift')}
        body={t('bans.confirmLift', { name: lifting?.user.username ?? '' })}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        isBusy={lift.isPending}
        onCancel={() => setLifting(undefined)}
        onConfirm={() => lifting && lift.mutate(lifting)}
      />
    </ConsolePage>
  );
}

export const Component = ModerationBansRoute;
