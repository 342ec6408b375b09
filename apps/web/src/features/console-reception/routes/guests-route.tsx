import type { ReceptionGuest, ReceptionPhase } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Download, Pencil, Plus, Search, Trash2, UserCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  deleteGuest,
  downloadGuests,
  type GuestFilters,
  guestsQueryOptions,
  phasesQueryOptions,
  receptionKeys,
  setStatus,
  staffQueryOptions,
} from '../api/console-reception-api.ts';
import { GuestDialog } from '../components/guest-dialog.tsx';
import { ReceptionTabs } from '../components/reception-tabs.tsx';
import { receptionScreens } from '../console-reception-screens.ts';

const pageSize = 50;
const selectClass =
  'h-10 rounded-card bg-white px-3 text-sm text-slate-800 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary';

/**
 * `#/console/meetings/:meetingId/reception` (reception.manage; §3 Guest, §4, §6): the guests by name
 * with search, phase / status / receptionist filters and "show more"; add and edit in a dialog
 * (photo, phases, receptionist), delete, a phase chip toggles the guest's status after a
 * confirmation (§4), and the XLSX export.
 */
function GuestsRoute() {
  const { t } = useTranslation('console-reception');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<GuestFilters>({ keyword: '', phaseId: '', status: '', staff: '' });
  const [limit, setLimit] = useState(pageSize);
  const [editing, setEditing] = useState<ReceptionGuest | 'new' | null>(null);
  const [removing, setRemoving] = useState<ReceptionGuest | null>(null);
  const [toggling, setToggling] = useState<{
    guest: ReceptionGuest;
    phase: ReceptionPhase;
    status: 0 | 1;
  } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const list = useQuery(guestsQueryOptions(meetingId, filters, limit));
  const phases = useQuery(phasesQueryOptions(meetingId));
  const staff = useQuery(staffQueryOptions(meetingId));
  const phaseOf = useMemo(() => new Map((phases.data ?? []).map((p) => [p._id.$id, p])), [phases.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: receptionKeys.all(meetingId) });
  const setFilter = (patch: Partial<GuestFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setLimit(pageSize);
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      showToast(done);
      await refresh();
    } catch {
      showToast(t('errors.failed'));
    } finally {
      setBusy(false);
      setRemoving(null);
      setToggling(null);
    }
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      await downloadGuests(meetingId, language);
    } catch {
      showToast(t('errors.failed'));
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<DataColumn<ReceptionGuest>[]>(
    () => [
      {
        id: 'name',
        header: t('guests.name'),
        cell: (guest) => (
          <div className="flex min-w-0 items-center gap-3">
            {guest.photo ? (
              <img src={guest.photo} alt="" className="size-10 shrink-0 rounded-full object-cover" />
            ) : (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                {guest.name.slice(0, 1)}
              </span>
            )}
            <span className="min-w-0">
              <bdi className="block font-medium text-slate-900" data-testid="reception-guest-row">
                {guest.name}
              </bdi>
              {guest.title ? (
                <bdi className="block truncate text-xs text-slate-500">{guest.title}</bdi>
              ) : null}
            </span>
          </div>
        ),
      },
      {
        id: 'contact',
        header: t('guests.contact'),
        cell: (guest) => (
          <span className="text-sm text-slate-600">
            <bdi dir="ltr" className="block">
              {guest.phone ?? ''}
            </bdi>
            <bdi dir="ltr" className="block">
              {guest.email ?? ''}
            </bdi>
          </span>
        ),
      },
      {
        id: 'code',
        header: t('guests.code'),
        cell: (guest) => <code className="text-sm text-slate-700">{guest.code}</code>,
      },
      {
        id: 'phases',
        header: t('guests.phases'),
        cell: (guest) => (
          <div className="flex flex-wrap gap-1.5">
            {guest.phases.map((link) => {
              const phase = phaseOf.get(link.phase_id.$id);
              if (!phase) return null;
              return (
                <button
                  key={link.phase_id.$id}
                  type="button"
                  onClick={() => setToggling({ guest, phase, status: link.status === 1 ? 0 : 1 })}
                  className={cx(
                    'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs',
                    link.status === 1
                      ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200'
                      : 'bg-slate-50 text-slate-600 ring-1 ring-slate-200',
                  )}
                  data-testid="reception-phase-chip"
                >
                  {link.status === 1 ? <Check aria-hidden="true" className="size-3.5" /> : null}
                  <bdi>{localize(phase.title, language)}</bdi>
                  <span className="sr-only">
                    {link.status === 1 ? t('guests.received') : t('guests.notReceived')}
                  </span>
                </button>
              );
            })}
          </div>
        ),
      },
      {
        id: 'staff',
        header: t('guests.staff'),
        cell: (guest) => <span className="text-sm text-slate-600">{guest.staff_name}</span>,
      },
      {
        id: 'actions',
        header: '',
        className: 'text-end',
        cell: (guest) => (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={() => setEditing(guest)} aria-label={t('edit')}>
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRemoving(guest)} aria-label={t('delete')}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ),
      },
    ],
    [t, language, phaseOf],
  );

  const isFiltered = Boolean(filters.keyword || filters.phaseId || filters.staff);
  return (
    <ConsolePage
      title={t('title')}
      description={t('description')}
      testId="console-reception"
      actions={
        <>
          <Button variant="secondary" size="sm" onClick={() => void exportFile()} disabled={isExporting}>
            <Download aria-hidden="true" className="size-4" />
            {isExporting ? t('exporting') : t('export')}
          </Button>
          <Button size="sm" onClick={() => setEditing('new')} data-testid="reception-add-guest">
            <Plus aria-hidden="true" className="size-4" />
            {t('add')}
          </Button>
        </>
      }
    >
      <ReceptionTabs meetingId={meetingId} />
      <div className="mb-3 flex flex-wrap gap-2">
        <label className="flex h-10 min-w-[14rem] flex-1 items-center gap-2 rounded-card bg-white px-3 ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-primary">
          <Search aria-hidden="true" className="size-4 text-slate-400" />
          <input
            type="search"
            value={filters.keyword}
            placeholder={t('guests.search')}
            aria-label={t('guests.search')}
            maxLength={100}
            onChange={(e) => setFilter({ keyword: e.target.value })}
            className="h-full min-w-0 flex-1 bg-transparent text-[16px] outline-none"
            data-testid="reception-search"
          />
        </label>
        <select
          aria-label={t('guests.phases')}
          value={filters.phaseId}
          onChange={(e) => setFilter({ phaseId: e.target.value })}
          className={selectClass}
        >
          <option value="">{t('guests.allPhases')}</option>
          {(phases.data ?? []).map((p) => (
            <option key={p._id.$id} value={p._id.$id}>
              {localize(p.title, language)}
            </option>
          ))}
        </select>
        {filters.phaseId ? (
          <select
            aria-label={t('guests.anyStatus')}
            value={filters.status}
            onChange={(e) => setFilter({ status: e.target.value })}
            className={selectClass}
          >
            <option value="">{t('guests.anyStatus')}</option>
            <option value="1">{t('guests.received')}</option>
            <option value="0">{t('guests.notReceived')}</option>
          </select>
        ) : null}
        <select
          aria-label={t('guests.staff')}
          value={filters.staff}
          onChange={(e) => setFilter({ staff: e.target.value })}
          className={selectClass}
        >
          <option value="">{t('guests.anyStaff')}</option>
          <option value="none">{t('guests.noStaff')}</option>
          {(staff.data ?? []).map((s) => (
            <option key={s.user_id.$id} value={s.user_id.$id}>
              {s.name || s.phone || s.email}
            </option>
          ))}
        </select>
      </div>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState
            icon={<UserCheck aria-hidden="true" className="size-7" />}
            title={isFiltered ? t('guests.noMatch') : t('guests.empty')}
            description={isFiltered ? undefined : t('guests.emptyHint')}
            action={
              isFiltered ? undefined : (
                <ButtonLink to={receptionScreens.import(meetingId)} size="sm">
                  {t('tabs.import')}
                </ButtonLink>
              )
            }
          />
        ) : (
          <div className="desk:px-2">
            <p className="px-4 pt-3 text-sm text-slate-500" data-testid="reception-guest-total">
              {t('guests.total', { count: list.data.total })}
            </p>
            <DataTable
              columns={columns}
              rows={list.data.items}
              rowKey={(guest) => guest._id.$id}
              caption={t('tabs.guests')}
              testId="reception-guests-table"
            />
            {list.data.items.length < list.data.total ? (
              <div className="p-4 text-center">
                <Button variant="secondary" size="sm" onClick={() => setLimit((n) => n + pageSize)}>
                  {t('guests.more')}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </Card>
      {editing ? (
        <GuestDialog
          meetingId={meetingId}
          guest={editing === 'new' ? null : editing}
          phases={phases.data ?? []}
          staff={staff.data ?? []}
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
        title={t('guests.deleteConfirm')}
        body={t('guests.deleteBody')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void run(() => deleteGuest(meetingId, removing._id.$id), t('deleted'))}
      />
      <ConfirmDialog
        isOpen={toggling !== null}
        title={t('guests.toggleTitle')}
        body={
          toggling
            ? t(toggling.status === 1 ? 'guests.toggleOn' : 'guests.toggleOff', {
                name: toggling.guest.name,
                phase: localize(toggling.phase.title, language),
              })
            : ''
        }
        confirmLabel={t('save')}
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onCancel={() => setToggling(null)}
        onConfirm={() =>
          toggling &&
          void run(
            () => setStatus(meetingId, toggling.guest._id.$id, toggling.phase._id.$id, toggling.status),
            t('saved'),
          )
        }
      />
    </ConsolePage>
  );
}

export { GuestsRoute as Component };
