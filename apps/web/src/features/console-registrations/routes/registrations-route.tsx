import type { ConsoleRegistration } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Armchair, ChevronLeft, ChevronRight, Download, FileUp, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  type BulkSelection,
  downloadExport,
  emptyFilters,
  optionsQuery,
  pageSize,
  type RegistrationFilters,
  registrationsKey,
  registrationsQuery,
  reviewMany,
} from '../api/console-registrations.ts';
import { AddRegistrantDialog } from '../components/add-registrant-dialog.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { canDo, errorKey, SelectField, StatusBadge } from '../components/parts.tsx';
import { ReviewDialog } from '../components/review-dialog.tsx';
import { SeatsDialog } from '../components/seats-dialog.tsx';

const filterKeys = Object.keys(emptyFilters) as (keyof RegistrationFilters)[];

/** The filters the address holds (`?status=0` from the dashboard's link), '' for the others. */
function filtersOf(search: URLSearchParams): RegistrationFilters {
  const filters = { ...emptyFilters };
  for (const key of filterKeys) filters[key] = search.get(key) ?? '';
  return filters;
}

/** A bulk review waiting for its confirmation: what, which way, and the count the server gave. */
type PendingBulk = { selection: BulkSelection; status: 1 | 2; matched: number };

/**
 * `#/console/meetings/:meetingId/registrations` (DESIGN §7; §3 Registrant, §4, §6): the meeting's
 * registrations, 50 a page, searched and filtered (status, activity, ticket type, channel, checked in,
 * entered by) with the filters in the address; each opens its review dialog (answers, approve, reject
 * with a reason, seat). Ticked rows — or everything under review that matches — are approved or
 * rejected in bulk after a confirmation that shows the server's count. Add by hand, import, seats by
 * ticket type and CSV / XLSX export sit in the header, each only for a role allowed to.
 */
function RegistrationsRoute() {
  const { t } = useTranslation('console-registrations');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const actions = meeting?.actions;
  const canReview = canDo(actions, 'registration.review');
  const canEdit = canDo(actions, 'registration.edit');
  const canExport = canDo(actions, 'registration.export');
  const timeZone = meeting?.time_zone ?? 'UTC';
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const [draftQ, setDraftQ] = useState(filters.q);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'add' | 'import' | 'seats' | null>(null);
  const [pending, setPending] = useState<PendingBulk | null>(null);
  const [reason, setReason] = useState('');
  const [isExporting, setExporting] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery(registrationsQuery(meetingId, filters, page));
  const options = useQuery(optionsQuery(meetingId));
  const activities = options.data?.activities ?? [];
  const chosenActivity = activities.find((a) => a._id.$id === filters.activity_id);

  const setFilters = (next: Partial<RegistrationFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    for (const key of filterKeys) if (merged[key]) params.set(key, merged[key]);
    setSearch(params, { replace: true });
    setSelected(new Set());
  };
  const setPage = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 0) params.set('page', String(next));
    else params.delete('page');
    setSearch(params, { replace: true });
  };

  const count = useMutation({
    mutationFn: ({ selection, status }: { selection: BulkSelection; status: 1 | 2 }) =>
      reviewMany(meetingId, selection, status, '', true).then((r) => ({
        selection,
        status,
        matched: r.matched,
      })),
    onSuccess: (result) => {
      if (result.matched === 0) showToast(t('bulk.noneMatch'));
      else setPending(result);
    },
    onError: (error) => showToast(t(errorKey(error))),
  });
  const bulk = useMutation({
    mutationFn: (job: PendingBulk) => reviewMany(meetingId, job.selection, job.status, reason.trim(), false),
    onSuccess: (result) => {
      showToast(t('bulk.done', { changed: result.changed, matched: result.matched }));
      setPending(null);
      setReason('');
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: registrationsKey(meetingId) });
    },
    onError: (error) => showToast(t(errorKey(error))),
  });
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await downloadExport(meetingId, filters, format, language);
    } catch (error) {
      showToast(t(errorKey(error)));
    } finally {
      setExporting(false);
    }
  };

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const isPageSelected = rows.length > 0 && rows.every((row) => selected.has(row._id.$id));
  const columns = useMemo((): DataColumn<ConsoleRegistration>[] => {
    const toggle = (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    const all: DataColumn<ConsoleRegistration>[] = [
      {
        id: 'registrant',
        header: t('columns.registrant'),
        cell: (row) => (
          <div className="min-w-0">
            <button
              type="button"
              className="font-medium text-slate-900 hover:text-primary"
              onClick={() => setOpenId(row._id.$id)}
              data-testid="registration-open"
            >
              <bdi>{row.name || '—'}</bdi>
            </button>
            <p className="text-[12px] text-slate-500" dir="ltr">
              {[row.phone, row.email].filter(Boolean).join(' · ')}
            </p>
            {row.company ? (
              <p className="text-[12px] text-slate-500">
                <bdi>{row.company}</bdi>
              </p>
            ) : null}
          </div>
        ),
      },
      {
        id: 'activity',
        header: t('columns.activity'),
        cell: (row) => (
          <span className="text-[13px]">
            <bdi>{localize(row.activity_title, language)}</bdi>
            <br />
            <span className="text-slate-500">
              <bdi>{localize(row.price_title, language)}</bdi>
            </span>
          </span>
        ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: (row) => (
          <span className="inline-flex flex-col items-end gap-1 desk:items-start">
            <StatusBadge status={row.status} />
            {row.input_by_admin === 1 ? (
              <span className="text-[11px] text-slate-500">{t('table.byOrganiser')}</span>
            ) : null}
          </span>
        ),
      },
      { id: 'source', header: t('columns.source'), cell: (row) => <bdi>{row.source_title || '—'}</bdi> },
      { id: 'seat', header: t('columns.seat'), cell: (row) => <bdi>{row.seat_number || '—'}</bdi> },
      {
        id: 'registered',
        header: t('columns.registered'),
        cell: (row) => (
          <span className="whitespace-nowrap text-[13px] text-slate-600">
            {formatDate(row.created * 1000, timeZone, language, {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            })}
          </span>
        ),
      },
    ];
    if (!canReview) return all;
    return [
      {
        id: 'select',
        header: t('columns.select'),
        className: 'w-10',
        cell: (row) => (
          <input
            type="checkbox"
            aria-label={t('columns.select')}
            checked={selected.has(row._id.$id)}
            onChange={() => toggle(row._id.$id)}
            data-testid="registration-select"
          />
        ),
      },
      ...all,
    ];
  }, [t, language, timeZone, canReview, selected]);

  const statusOptions = [
    { value: '', label: t('filters.any') },
    { value: '0', label: t('status.0') },
    { value: '1', label: t('status.1') },
    { value: '2', label: t('status.2') },
    { value: '3', label: t('status.3') },
  ];
  const priceOptions = (chosenActivity ? [chosenActivity] : activities).flatMap((a) =>
    a.prices.map((p) => ({
      value: p._id.$id,
      label: chosenActivity
        ? localize(p.title, language)
        : `${localize(a.title, language)} · ${localize(p.title, language)}`,
    })),
  );
  const sourceOptions = (chosenActivity ? [chosenActivity] : activities).flatMap((a) =>
    a.sources.map((s) => ({ value: s._id.$id, label: s.title })),
  );

  const headerActions = (
    <>
      {canEdit ? (
        <>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('add')}
            data-testid="registrations-add"
          >
            <UserPlus aria-hidden="true" className="size-4" />
            {t('add.button')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('import')}
            data-testid="registrations-import"
          >
            <FileUp aria-hidden="true" className="size-4" />
            {t('import.button')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDialog('seats')}
            data-testid="registrations-seats"
          >
            <Armchair aria-hidden="true" className="size-4" />
            {t('seats.button')}
          </Button>
        </>
      ) : null}
      {canExport ? (
        <>
          <Button variant="secondary" size="sm" disabled={isExporting} onClick={() => void exportAs('csv')}>
            <Download aria-hidden="true" className="size-4" />
            {t('export.csv')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={isExporting}
            onClick={() => void exportAs('xlsx')}
            data-testid="registrations-export-xlsx"
          >
            <Download aria-hidden="true" className="size-4" />
            {t('export.xlsx')}
          </Button>
        </>
      ) : null}
    </>
  );

  return (
    <ConsolePage
      title={t('title')}
      description={t('description')}
      actions={headerActions}
      testId="console-registrations"
    >
      <form
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ q: draftQ.trim() });
        }}
      >
        <Field
          label={t('filters.search')}
          isLabelHidden
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={draftQ}
          onChange={(event) => setDraftQ(event.target.value)}
          onBlur={() => draftQ.trim() !== filters.q && setFilters({ q: draftQ.trim() })}
          data-testid="registrations-search"
        />
      </form>
      <div className="mb-4 grid grid-cols-2 gap-3 desk:grid-cols-3">
        <SelectField
          label={t('filters.status')}
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value })}
          options={statusOptions}
          data-testid="filter-status"
        />
        <SelectField
          label={t('filters.activity')}
          value={filters.activity_id}
          onChange={(e) => setFilters({ activity_id: e.target.value, price_id: '', source_id: '' })}
          options={[
            { value: '', label: t('filters.any') },
            ...activities.map((a) => ({ value: a._id.$id, label: localize(a.title, language) })),
          ]}
          data-testid="filter-activity"
        />
        <SelectField
          label={t('filters.ticketType')}
          value={filters.price_id}
          onChange={(e) => setFilters({ price_id: e.target.value })}
          options={[{ value: '', label: t('filters.any') }, ...priceOptions]}
        />
        <SelectField
          label={t('filters.source')}
          value={filters.source_id}
          onChange={(e) => setFilters({ source_id: e.target.value })}
          options={[{ value: '', label: t('filters.any') }, ...sourceOptions]}
        />
        <SelectField
          label={t('filters.checkedIn')}
          value={filters.checked_in}
          onChange={(e) => setFilters({ checked_in: e.target.value })}
          options={[
            { value: '', label: t('filters.any') },
            { value: '1', label: t('filters.yes') },
            { value: '0', label: t('filters.no') },
          ]}
        />
        <SelectField
          label={t('filters.enteredBy')}
          value={filters.input_by_admin}
          onChange={(e) => setFilters({ input_by_admin: e.target.value })}
          options={[
            { value: '', label: t('filters.any') },
            { value: '1', label: t('filters.byOrganiser') },
            { value: '0', label: t('filters.byRegistrant') },
          ]}
        />
      </div>
      {canReview ? (
        <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="registrations-bulk">
          <label className="me-2 flex items-center gap-2 text-[14px] text-slate-700">
            <input
              type="checkbox"
              checked={isPageSelected}
              onChange={() =>
                setSelected((current) => {
                  const next = new Set(current);
                  for (const row of rows) {
                    if (isPageSelected) next.delete(row._id.$id);
                    else next.add(row._id.$id);
                  }
                  return next;
                })
              }
              data-testid="registrations-select-page"
            />
            {t('table.selectPage')}
          </label>
          {selected.size > 0 ? (
            <>
              <span className="text-[14px] font-medium text-slate-800" data-testid="registrations-selected">
                {t('bulk.selected', { count: selected.size })}
              </span>
              <Button
                size="sm"
                disabled={count.isPending}
                onClick={() => count.mutate({ selection: { ids: [...selected] }, status: 1 })}
                data-testid="bulk-approve-selected"
              >
                {t('bulk.approveSelected')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={count.isPending}
                onClick={() => count.mutate({ selection: { ids: [...selected] }, status: 2 })}
                data-testid="bulk-reject-selected"
              >
                {t('bulk.rejectSelected')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                {t('bulk.clearSelection')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                disabled={count.isPending}
                onClick={() => count.mutate({ selection: { filters }, status: 1 })}
                data-testid="bulk-approve-all"
              >
                {t('bulk.approveAll')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={count.isPending}
                onClick={() => count.mutate({ selection: { filters }, status: 2 })}
              >
                {t('bulk.rejectAll')}
              </Button>
            </>
          )}
          {count.isPending ? <span className="text-[13px] text-slate-500">{t('bulk.counting')}</span> : null}
        </div>
      ) : null}
      <Card className="overflow-hidden">
        {list.isPending ? (
          <TableSkeleton rows={8} />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<Users aria-hidden="true" className="size-7" />}
            title={t('table.empty')}
            description={t('table.emptyHint')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row._id.$id}
            caption={t('table.caption')}
            testId="registrations-table"
          />
        )}
      </Card>
      {total > 0 ? (
        <nav className="mt-3 flex items-center justify-between gap-3 text-[14px] text-slate-600">
          <span data-testid="registrations-range">
            {t('table.range', {
              from: page * pageSize + 1,
              to: Math.min(total, (page + 1) * pageSize),
              total,
            })}
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('table.previous')}
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('table.next')}
              disabled={(page + 1) * pageSize >= total}
              onClick={() => setPage(page + 1)}
              data-testid="registrations-next"
            >
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Button>
          </span>
        </nav>
      ) : null}
      <ReviewDialog
        meetingId={meetingId}
        registrationId={openId}
        canReview={canReview}
        canEdit={canEdit}
        onClose={() => setOpenId(null)}
      />
      <ConfirmDialog
        isOpen={pending !== null}
        title={
          pending?.status === 2
            ? t('bulk.confirmRejectTitle', { count: pending.matched })
            : t('bulk.confirmApproveTitle', { count: pending?.matched ?? 0 })
        }
        body={
          <div className="space-y-3">
            <p>{t('bulk.confirmBody')}</p>
            {pending?.status === 2 ? (
              <Field
                label={t('review.reason')}
                hint={t('review.reasonHint')}
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
                data-testid="bulk-reason"
              />
            ) : null}
          </div>
        }
        confirmLabel={pending?.status === 2 ? t('review.reject') : t('review.approve')}
        cancelLabel={t('review.cancel')}
        onConfirm={() => pending && bulk.mutate(pending)}
        onCancel={() => {
          setPending(null);
          setReason('');
        }}
        isBusy={bulk.isPending}
      />
      {canEdit ? (
        <>
          <AddRegistrantDialog
            meetingId={meetingId}
            activities={activities}
            isOpen={dialog === 'add'}
            onClose={() => setDialog(null)}
          />
          <ImportDialog
            meetingId={meetingId}
            activities={activities}
            isOpen={dialog === 'import'}
            onClose={() => setDialog(null)}
          />
          <SeatsDialog
            meetingId={meetingId}
            activities={activities}
            isOpen={dialog === 'seats'}
            onClose={() => setDialog(null)}
          />
        </>
      ) : null}
    </ConsolePage>
  );
}

export { RegistrationsRoute as Component };
