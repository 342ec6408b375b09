import type { ReceptionPhase } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  deletePhase,
  phasesQueryOptions,
  receptionKeys,
  reorderPhases,
} from '../api/console-reception-api.ts';
import { PhaseDialog } from '../components/phase-dialog.tsx';
import { ReceptionTabs } from '../components/reception-tabs.tsx';

/**
 * `#/console/meetings/:meetingId/reception/phases` (reception.manage; §3 Reception guest): the phases
 * in order with their counts and form size; move up / down, add, edit (title per language, sub-role,
 * form fields) and delete.
 */
function PhasesRoute() {
  const { t } = useTranslation('console-reception');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const phases = useQuery(phasesQueryOptions(meetingId));
  const [editing, setEditing] = useState<ReceptionPhase | 'new' | null>(null);
  const [removing, setRemoving] = useState<ReceptionPhase | null>(null);
  const [isBusy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: receptionKeys.all(meetingId) });

  const move = async (index: number, by: -1 | 1) => {
    const list = phases.data ?? [];
    const ids = list.map((p) => p._id.$id);
    const other = index + by;
    if (other < 0 || other >= ids.length) return;
    [ids[index], ids[other]] = [ids[other] as string, ids[index] as string];
    setBusy(true);
    try {
      await reorderPhases(meetingId, ids);
      await refresh();
    } catch {
      showToast(t('errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (phase: ReceptionPhase) => {
    setBusy(true);
    try {
      await deletePhase(meetingId, phase._id.$id);
      showToast(t('deleted'));
      await refresh();
    } catch {
      showToast(t('errors.failed'));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const add = (
    <Button size="sm" onClick={() => setEditing('new')} data-testid="reception-add-phase">
      <Plus aria-hidden="true" className="size-4" />
      {t('phases.add')}
    </Button>
  );
  return (
    <ConsolePage title={t('phases.title')} testId="console-reception-phases" actions={add}>
      <ReceptionTabs meetingId={meetingId} />
      <Card className="overflow-hidden">
        {phases.isPending ? (
          <TableSkeleton rows={4} />
        ) : phases.isError ? (
          <ConsoleErrorState error={phases.error} onRetry={() => void phases.refetch()} />
        ) : phases.data.length === 0 ? (
          <EmptyState
            icon={<ListChecks aria-hidden="true" className="size-7" />}
            title={t('phases.empty')}
            description={t('phases.emptyHint')}
            action={add}
          />
        ) : (
          <ol className="divide-y divide-slate-100">
            {phases.data.map((phase, index) => (
              <li
                key={phase._id.$id}
                className="flex flex-wrap items-center gap-3 p-4"
                data-testid="reception-phase-row"
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary tabular-nums">
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <bdi className="block font-medium text-slate-900">{localize(phase.title, language)}</bdi>
                  <span className="block text-sm text-slate-500">
                    {t('phases.counts', { received: phase.received_total, total: phase.guest_total })}
                    {' · '}
                    {t('phases.fields', { count: phase.form.length })}
                    {phase.staff_role
                      ? ` · ${t(phase.staff_role === '1' ? 'phases.role1' : 'phases.role2')}`
                      : ''}
                  </span>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={isBusy || index === 0}
                    onClick={() => void move(index, -1)}
                    aria-label={t('phases.up')}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={isBusy || index === phases.data.length - 1}
                    onClick={() => void move(index, 1)}
                    aria-label={t('phases.down')}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(phase)}
                    aria-label={t('edit')}
                    data-testid="reception-edit-phase"
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRemoving(phase)}
                    aria-label={t('delete')}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
      {editing ? (
        <PhaseDialog
          meetingId={meetingId}
          phase={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast(t('saved'));
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('phases.deleteConfirm')}
        body={t('phases.deleteBody')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </ConsolePage>
  );
}

export { PhasesRoute as Component };
