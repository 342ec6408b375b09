import type { ConsoleExhibitor } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, KeyRound, Package, Pencil, Search, Store } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  categoriesQueryOptions,
  consoleExhibitorsKeys,
  exhibitorsPageSize,
  exhibitorsQueryOptions,
  inviteCountsQueryOptions,
  resetPassword,
  updateEnterprise,
  updateExhibitor,
} from '../api/console-exhibitors-api.ts';
import { consoleExhibitorsErrorMessage, isStale } from '../components/console-exhibitors-errors.ts';
import { EnterpriseDialog, type EnterpriseEdit } from '../components/enterprise-dialog.tsx';
import { ProductsDialog } from '../components/products-dialog.tsx';
import { WeightInput } from '../components/weight-input.tsx';

/**
 * `#/console/meetings/:meetingId/exhibitors` (DESIGN §7, §9): the meeting's exhibitors with their
 * enterprises, shown and hidden, heaviest first — search by name, weight and show/hide in the row,
 * booth, exhibitor group and industry; edit the enterprise; its products (weight, show/hide); and
 * 'reset password', which sends the exhibitor a new link to set it. A save refused because someone
 * else saved first (409) says so and reloads.
 */
function ExhibitorsRoute() {
  const { t } = useTranslation('console-exhibitors');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [skip, setSkip] = useState(0);
  const query = useQuery(exhibitorsQueryOptions(meetingId, search, skip));
  const categories = useQuery(categoriesQueryOptions(meetingId));
  // What each exhibitor's invitation poster brought (§7 invites): visitors / registrations.
  const { t: ts } = useTranslation('share');
  const invites = useQuery(inviteCountsQueryOptions(meetingId));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ConsoleExhibitor | undefined>();
  const [showingProducts, setShowingProducts] = useState<ConsoleExhibitor | undefined>();
  const [resetting, setResetting] = useState<ConsoleExhibitor | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleExhibitorsKeys.all(meetingId) });
  const onError = (error: unknown) => {
    showToast(consoleExhibitorsErrorMessage(error, t));
    if (isStale(error)) void refresh();
  };

  const patch = useMutation({
    mutationFn: (input: { exhibitor: ConsoleExhibitor; changes: Parameters<typeof updateExhibitor>[2] }) =>
      updateExhibitor(meetingId, input.exhibitor._id.$id, input.changes),
    onSuccess: () => {
      showToast(t('actions.saved'));
      void refresh();
    },
    onError,
  });
  const edit = useMutation({
    mutationFn: async (input: { exhibitor: ConsoleExhibitor; edit: EnterpriseEdit }) => {
      let { exhibitor } = input;
      if (Object.keys(input.edit.exhibitor).length > 0) {
        exhibitor = await updateExhibitor(meetingId, exhibitor._id.$id, {
          updated_at_ms: exhibitor.updated_at_ms,
          ...input.edit.exhibitor,
        });
        // Saved: when the enterprise part fails (a bad e-mail), the dialog stays open on this
        // version, so a retry sends only what is left, not this part again with the old updated_at (409).
        setEditing(exhibitor);
      }
      if (Object.keys(input.edit.enterprise).length > 0) {
        await updateEnterprise(meetingId, exhibitor.enterprise_id.$id, {
          updated_at_ms: exhibitor.enterprise_updated_at_ms,
          ...input.edit.enterprise,
        });
      }
    },
    onSuccess: () => {
      setEditing(undefined);
      showToast(t('actions.saved'));
      void refresh();
    },
    onError: (error) => {
      if (isStale(error)) setEditing(undefined);
      onError(error);
      // The exhibitor part may have been saved before the enterprise part failed.
      if (!isStale(error)) void refresh();
    },
  });
  const reset = useMutation({
    mutationFn: (exhibitor: ConsoleExhibitor) => resetPassword(meetingId, exhibitor._id.$id, language),
    onSuccess: (answer) => {
      setResetting(undefined);
      showToast(t('exhibitors.resetSent', { account: answer.account, to: answer.sent_to.join(', ') }));
    },
    onError: (error) => {
      setResetting(undefined);
      showToast(consoleExhibitorsErrorMessage(error, t));
    },
  });

  const categoryName = useMemo(() => {
    const names = new Map(
      (categories.data?.items ?? []).map((item) => [item._id.$id, localize(item.title, language)]),
    );
    return (id: { $id: string } | null) => (id ? (names.get(id.$id) ?? '—') : '—');
  }, [categories.data, language]);

  const columns = useMemo<DataColumn<ConsoleExhibitor>[]>(
    () => [
      {
        id: 'name',
        header: t('exhibitors.name'),
        cell: (item) => {
          const name = localize(item.title, language);
          return (
            <div className="flex min-w-0 items-center gap-3 desk:max-w-[17rem]" title={name}>
              <Thumb src={item.logo} name={name} size={40} className="size-10" />
              <div className="min-w-0">
                <p
                  className={
                    item.is_shown
                      ? 'truncate font-medium text-slate-900'
                      : 'truncate font-medium text-slate-400'
                  }
                >
                  <bdi>{name}</bdi>
                </p>
                <p className="truncate text-[12px] text-slate-500" dir="ltr">
                  {item.accounts.join(', ')}
                </p>
              </div>
            </div>
          );
        },
      },
      {
        id: 'booth',
        header: t('exhibitors.booth'),
        className: 'whitespace-nowrap',
        cell: (item) => <bdi>{item.booth || '—'}</bdi>,
      },
      {
        id: 'invites',
        header: `${ts('console.visitors')} / ${ts('console.registrations')}`,
        className: 'whitespace-nowrap tabular-nums',
        cell: (item) => {
          const row = invites.data?.get(item.enterprise_id.$id);
          return (
            <span data-testid="exhibitor-invites" title={ts('console.intro')}>
              {(row?.visitors_total ?? 0).toLocaleString(language)} /{' '}
              {(row?.registrations_total ?? 0).toLocaleString(language)}
            </span>
          );
        },
      },
      {
        id: 'group',
        header: t('exhibitors.group'),
        cell: (item) => <bdi>{categoryName(item.exhibitor_group_category_id)}</bdi>,
      },
      {
        id: 'industry',
        header: t('exhibitors.industry'),
        cell: (item) => <bdi>{categoryName(item.industry_category_id)}</bdi>,
      },
      {
        id: 'views',
        header: t('exhibitors.views'),
        className: 'tabular-nums',
        cell: (item) => new Intl.NumberFormat(language).format(item.views_total),
      },
      {
        id: 'weight',
        header: t('exhibitors.weight'),
        cell: (item) => (
          <WeightInput
            label={t('exhibitors.weightOf', { name: localize(item.title, language) })}
            value={item.weight}
            onSave={(weight) =>
              patch.mutate({ exhibitor: item, changes: { updated_at_ms: item.updated_at_ms, weight } })
            }
          />
        ),
      },
      {
        id: 'shown',
        header: t('exhibitors.shown'),
        cell: (item) => {
          const name = localize(item.title, language);
          return (
            <Button
              variant="ghost"
              size="sm"
              className="whitespace-nowrap"
              aria-pressed={item.is_shown === 1}
              aria-label={item.is_shown ? t('actions.hideOf', { name }) : t('actions.showOf', { name })}
              onClick={() =>
                patch.mutate({
                  exhibitor: item,
                  changes: { updated_at_ms: item.updated_at_ms, is_shown: item.is_shown ? 0 : 1 },
                })
              }
              data-testid="console-exhibitor-toggle"
            >
              {item.is_shown ? (
                <Eye aria-hidden="true" className="size-4" />
              ) : (
                <EyeOff aria-hidden="true" className="size-4" />
              )}
              {item.is_shown ? t('exhibitors.visible') : t('exhibitors.hidden')}
            </Button>
          );
        },
      },
      {
        id: 'actions',
        header: t('applications.actions'),
        className: 'text-end',
        cell: (item) => {
          const name = localize(item.title, language);
          return (
            <div className="flex justify-end gap-1 whitespace-nowrap">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setEditing(item)}
                aria-label={t('exhibitors.editOf', { name })}
                title={t('actions.edit')}
                data-testid="console-exhibitor-edit"
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setShowingProducts(item)}
                aria-label={t('exhibitors.productsOf', { name })}
                title={t('exhibitors.productsTotal', { total: item.products_total })}
              >
                <Package aria-hidden="true" className="size-4" />
                <span className="tabular-nums">{item.products_total}</span>
              </Button>
              {item.accounts.length > 0 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setResetting(item)}
                  aria-label={t('exhibitors.resetOf', { name })}
                  title={t('exhibitors.reset')}
                  data-testid="console-exhibitor-reset"
                >
                  <KeyRound aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </div>
          );
        },
      },
    ],
    [t, ts, language, categoryName, patch, invites.data],
  );

  const total = query.data?.total ?? 0;
  return (
    <ConsolePage
      title={t('exhibitors.title')}
      description={t('exhibitors.description')}
      testId="console-exhibitors"
    >
      <form
        aria-label={t('exhibitors.search')}
        className="mb-4 max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          setSkip(0);
          setSearch(keyword.trim());
        }}
      >
        <Field
          label={t('exhibitors.search')}
          isLabelHidden
          type="search"
          placeholder={t('exhibitors.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          start={<Search aria-hidden="true" className="size-4 text-slate-400" />}
          data-testid="console-exhibitors-search"
        />
      </form>
      <Card className="overflow-x-auto">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <EmptyState icon={<Store aria-hidden="true" className="size-7" />} title={t('exhibitors.empty')} />
        ) : (
          <DataTable
            columns={columns}
            rows={query.data.items}
            rowKey={(item) => item._id.$id}
            caption={t('exhibitors.title')}
            testId="console-exhibitors-table"
          />
        )}
      </Card>
      {total > exhibitorsPageSize ? (
        <nav
          className="mt-4 flex items-center justify-between gap-3 text-[14px] text-slate-600"
          aria-label={t('exhibitors.pages')}
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={skip === 0}
            onClick={() => setSkip(Math.max(0, skip - exhibitorsPageSize))}
          >
            {t('actions.previous')}
          </Button>
          <span>
            {t('exhibitors.range', { from: skip + 1, to: Math.min(total, skip + exhibitorsPageSize), total })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={skip + exhibitorsPageSize >= total}
            onClick={() => setSkip(skip + exhibitorsPageSize)}
          >
            {t('actions.next')}
          </Button>
        </nav>
      ) : null}

      {editing ? (
        <EnterpriseDialog
          exhibitor={editing}
          categories={categories.data?.items ?? []}
          isBusy={edit.isPending}
          onCancel={() => setEditing(undefined)}
          onSave={(changes) => edit.mutate({ exhibitor: editing, edit: changes })}
        />
      ) : null}
      {showingProducts ? (
        <ProductsDialog
          exhibitor={showingProducts}
          meetingId={meetingId}
          onClose={() => setShowingProducts(undefined)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={resetting !== undefined}
        title={t('exhibitors.resetTitle')}
        body={t('exhibitors.resetBody', { account: resetting?.accounts[0] ?? '' })}
        confirmLabel={t('exhibitors.reset')}
        cancelLabel={t('actions.cancel')}
        isBusy={reset.isPending}
        onConfirm={() => resetting && reset.mutate(resetting)}
        onCancel={() => setResetting(undefined)}
      />
    </ConsolePage>
  );
}

export const Component = ExhibitorsRoute;
