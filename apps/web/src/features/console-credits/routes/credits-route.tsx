import type { ConsoleActivityCredits } from '@app/contracts';
import { localize } from '@app/domain';
import { Download, Pencil, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { downloadFile } from '../../../lib/api/download-file.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, intlLocale } from '../../../lib/time.ts';
import { exportPaths, useConsoleCredits } from '../api/console-credits-api.ts';
import { CreditsDialog } from '../components/credits-dialog.tsx';
import { UnionCodesPanel } from '../components/union-codes-panel.tsx';

/**
 * /console/meetings/{meetingId}/credits (DESIGN §7; §7 GET /activities/{id}/credits, GET
 * /activity/unioncodes): every activity with its credits, check-ins and union codes; the credits
 * editor (credits.edit); the earned-credits XLSX export; and, for the activity picked, its union
 * codes (unioncodes.edit).
 */
function CreditsRoute() {
  const { t, ready } = useTranslation('console-credits');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const meetingId = useParams().meetingId ?? '';
  const { meeting } = useConsole();
  const timeZone = meeting?.time_zone ?? 'UTC';
  const mayCodes = meeting?.actions.includes('unioncodes.edit') ?? false;
  const credits = useConsoleCredits(meetingId);
  const [editing, setEditing] = useState<ConsoleActivityCredits | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const number = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 });

  if (!ready) return null;
  const items = credits.data?.items ?? [];
  const pickedItem = items.find((item) => item.activity_id.$id === picked) ?? null;
  const exportAll = () =>
    downloadFile(exportPaths.credits(meetingId, language), `credits-${meetingId}.xlsx`).catch((error) =>
      showToast(apiErrorMessage(error, tc)),
    );

  return (
    <ConsolePage
      title={t('title')}
      description={t('description')}
      testId="console-credits"
      actions={
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void exportAll()}
          data-testid="console-credits-export"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('export')}
        </Button>
      }
    >
      {credits.isPending ? (
        <TableSkeleton />
      ) : credits.isError ? (
        <ConsoleErrorState error={credits.error} onRetry={() => void credits.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <DataTable
          caption={t('title')}
          rows={items}
          rowKey={(row) => row.activity_id.$id}
          testId="console-credits-table"
          columns={[
            {
              id: 'activity',
              header: t('columns.activity'),
              cell: (row) => (
                <span>
                  <bdi className="font-medium">{localize(row.activity_title, language)}</bdi>
                  <span className="block text-[12px] text-slate-500">
                    {formatDate(row.start * 1000, timeZone, language)}
                  </span>
                </span>
              ),
            },
            {
              id: 'credits',
              header: t('columns.credits'),
              cell: (row) =>
                row.enabled === 1 && row.credits_tenths > 0 ? (
                  <span className="font-medium text-emerald-700">{number.format(row.credits)}</span>
                ) : (
                  <span className="text-slate-400">{t('off')}</span>
                ),
            },
            {
              id: 'checkedIn',
              header: t('columns.checkedIn'),
              cell: (row) => t('checkedInOf', { checked: row.checked_in_total, total: row.ticket_total }),
            },
            {
              id: 'codes',
              header: t('columns.codes'),
              cell: (row) => t('codesOf', { used: row.code_used_total, total: row.code_total }),
            },
            {
              id: 'actions',
              header: t('columns.actions'),
              cell: (row) => (
                <span className="-ms-3 inline-flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(row)}
                    data-testid={`console-credits-edit-${row.activity_id.$id}`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('edit')}
                  </Button>
                  {mayCodes ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className={cx(picked === row.activity_id.$id && 'bg-primary/10')}
                      aria-pressed={picked === row.activity_id.$id}
                      onClick={() => setPicked(row.activity_id.$id)}
                      data-testid={`console-credits-codes-${row.activity_id.$id}`}
                    >
                      <TicketPercent aria-hidden="true" className="size-4" />
                      {t('codes.open')}
                    </Button>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      )}
      {pickedItem ? (
        <UnionCodesPanel
          key={pickedItem.activity_id.$id}
          meetingId={meetingId}
          timeZone={timeZone}
          activity={pickedItem}
        />
      ) : null}
      {editing ? (
        <CreditsDialog
          key={editing.activity_id.$id}
          meetingId={meetingId}
          item={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ConsolePage>
  );
}

export { CreditsRoute as Component };
