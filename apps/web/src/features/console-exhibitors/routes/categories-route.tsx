import { type ConsoleCategory, type ConsoleCategoryType, consoleCategoryTypes } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
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
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  categoriesQueryOptions,
  consoleExhibitorsKeys,
  createCategory,
  deleteCategory,
  updateCategory,
} from '../api/console-exhibitors-api.ts';
import { consoleExhibitorsErrorMessage } from '../components/console-exhibitors-errors.ts';

type Draft = { type: ConsoleCategoryType; category?: ConsoleCategory; title: string; weight: string };

/**
 * `#/console/meetings/:meetingId/exhibitors/categories` (DESIGN §7, §7 Categories, §9): the
 * meeting's industries and exhibitor groups, heaviest first, with how many exhibitors each holds;
 * add, rename, re-weigh and delete (confirmed). A category named in several languages keeps its
 * other languages when renamed in the display language.
 */
function CategoriesRoute() {
  const { t } = useTranslation('console-exhibitors');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const query = useQuery(categoriesQueryOptions(meetingId));
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | undefined>();
  const [deleting, setDeleting] = useState<ConsoleCategory | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleExhibitorsKeys.all(meetingId) });

  const save = useMutation({
    mutationFn: async (input: Draft) => {
      const weight = Number.parseInt(input.weight, 10) || 0;
      if (!input.category) return createCategory(meetingId, { type: input.type, title: input.title, weight });
      const { title } = input.category;
      // A language map keeps its other languages: only the display language's name changes.
      const body =
        typeof title === 'string'
          ? { title: input.title, weight }
          : {
              [`title[${title[language] !== undefined ? language : (Object.keys(title)[0] ?? language)}]`]:
                input.title,
              weight,
            };
      return updateCategory(meetingId, input.category._id.$id, body as { title?: string; weight?: number });
    },
    onSuccess: () => {
      setDraft(undefined);
      showToast(t('actions.saved'));
      void refresh();
    },
    onError: (error) => showToast(consoleExhibitorsErrorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: (category: ConsoleCategory) => deleteCategory(meetingId, category._id.$id),
    onSuccess: () => {
      setDeleting(undefined);
      showToast(t('categories.deleted'));
      void refresh();
    },
    onError: (error) => {
      setDeleting(undefined);
      showToast(consoleExhibitorsErrorMessage(error, t));
    },
  });

  const columns = useMemo<DataColumn<ConsoleCategory>[]>(
    () => [
      {
        id: 'title',
        header: t('categories.name'),
        cell: (item) => <bdi className="font-medium">{localize(item.title, language)}</bdi>,
      },
      { id: 'weight', header: t('exhibitors.weight'), cell: (item) => item.weight },
      { id: 'count', header: t('categories.exhibitors'), cell: (item) => item.exhibitors_total },
      {
        id: 'actions',
        header: t('applications.actions'),
        className: 'text-end',
        cell: (item) => {
          const name = localize(item.title, language);
          return (
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('categories.editOf', { name })}
                onClick={() =>
                  setDraft({ type: item.type, category: item, title: name, weight: String(item.weight) })
                }
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t('actions.edit')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-600 hover:bg-red-50"
                aria-label={t('categories.deleteOf', { name })}
                onClick={() => setDeleting(item)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('actions.delete')}
              </Button>
            </div>
          );
        },
      },
    ],
    [t, language],
  );

  return (
    <ConsolePage
      title={t('categories.title')}
      description={t('categories.description')}
      testId="console-exhibitor-categories"
    >
      {query.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : query.isError ? (
        <Card>
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <div className="space-y-8">
          {consoleCategoryTypes.map((type) => {
            const items = query.data.items.filter((item) => item.type === type);
            return (
              <section key={type} aria-labelledby={`categories-${type}`}>
                <div className="mb-3 flex items-center justify-between gap-3">
                  <h2 id={`categories-${type}`} className="text-[17px] font-semibold text-slate-900">
                    {t(`categories.types.${type}`)}
                  </h2>
                  <Button
                    size="sm"
                    onClick={() => setDraft({ type, title: '', weight: '0' })}
                    data-testid={`console-category-add-${type}`}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    {t('categories.add')}
                  </Button>
                </div>
                <Card className="overflow-hidden">
                  {items.length === 0 ? (
                    <EmptyState
                      icon={<Tags aria-hidden="true" className="size-7" />}
                      title={t('categories.empty')}
                    />
                  ) : (
                    <DataTable
                      columns={columns}
                      rows={items}
                      rowKey={(item) => item._id.$id}
                      caption={t(`categories.types.${type}`)}
                    />
                  )}
                </Card>
              </section>
            );
          })}
        </div>
      )}

      <FormDialog
        isOpen={draft !== undefined}
        title={
          draft?.category ? t('categories.editTitle') : t(`categories.addTitle.${draft?.type ?? 'industry'}`)
        }
        submitLabel={t('actions.save')}
        cancelLabel={t('actions.cancel')}
        isBusy={save.isPending || (draft?.title.trim() ?? '') === ''}
        onCancel={() => setDraft(undefined)}
        onSubmit={() => draft && save.mutate({ ...draft, title: draft.title.trim() })}
        testId="console-category-dialog"
      >
        <Field
          label={t('categories.name')}
          value={draft?.title ?? ''}
          required
          maxLength={textLimits.title}
          onChange={(event) => setDraft((current) => current && { ...current, title: event.target.value })}
        />
        <Field
          label={t('exhibitors.weight')}
          hint={t('exhibitors.weightHint')}
          type="number"
          inputMode="numeric"
          value={draft?.weight ?? '0'}
          onChange={(event) => setDraft((current) => current && { ...current, weight: event.target.value })}
        />
      </FormDialog>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('categories.deleteTitle')}
        body={t('categories.deleteBody', { name: deleting ? localize(deleting.title, language) : '' })}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </ConsolePage>
  );
}

export const Component = CategoriesRoute;
