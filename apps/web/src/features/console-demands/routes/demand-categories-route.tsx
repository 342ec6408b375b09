import type { ConsoleDemandCategory } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { enabledLanguages, type Language, localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Pencil, Plus, Tags, Trash2, X } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import {
  consoleDemandKeys,
  createDemandCategory,
  deleteDemandCategory,
  demandCategoriesQueryOptions,
  meetingQueryOptions,
  updateDemandCategory,
} from '../api/console-demands-api.ts';
import { demandScreens } from '../console-demands-screens.ts';

/** Catalogue key (namespace `console-demands`, under `categories.errors.`) of each code these calls answer. */
const errorKeys: Record<string, string> = {
  validation_failed: 'categories.errors.validation',
  'demand.language_not_enabled': 'categories.errors.languageNotEnabled',
  not_found: 'categories.errors.notFound',
};

/** A category name in one language, keeping the other languages of a language map. */
function renamed(title: ConsoleDemandCategory['title'], language: string, name: string) {
  return typeof title === 'string'
    ? { ...(title ? { en: title } : {}), [language]: name }
    : { ...title, [language]: name };
}

/** A category's name in one language ('' when it has none there). */
function nameIn(title: ConsoleDemandCategory['title'], language: string): string {
  return typeof title === 'string' ? title : (title[language] ?? '');
}

/**
 * `#/console/meetings/:meetingId/demands/categories` (DESIGN §7; §3 Demand category, §7 Categories):
 * the meeting's demand categories (the public form's category choice and the list's filter),
 * heaviest first, with how many demands each holds; add and rename in one of the meeting's enabled
 * languages at a time (chosen beside the name; the other languages kept), re-weigh and delete
 * (confirmed; its demands lose the category).
 * community.read sees the screen, community.moderate writes.
 */
function DemandCategoriesRoute() {
  const { t } = useTranslation('console-demands');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const query = useQuery(demandCategoriesQueryOptions(meetingId));
  const settings = useQuery(meetingQueryOptions(meetingId));
  const languages = useMemo(
    () => enabledLanguages(settings.data?.config.language as Record<string, unknown> | undefined),
    [settings.data],
  );
  // Titles are written in one enabled language at a time (§3 Meeting language): the display
  // language when the meeting enables it, else the first enabled one, unless the organiser chose.
  const [chosenLanguage, setChosenLanguage] = useState<Language | undefined>();
  const editLanguage =
    chosenLanguage && languages.includes(chosenLanguage)
      ? chosenLanguage
      : languages.includes(language)
        ? language
        : (languages[0] ?? language);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string; weight: string } | undefined>();
  const [deleting, setDeleting] = useState<ConsoleDemandCategory | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleDemandKeys.categories(meetingId) });
  const onError = (error: unknown) => {
    const key = error instanceof ApiError ? errorKeys[String(error.code)] : undefined;
    showToast(t((key ?? 'failed') as 'failed'));
  };

  const add = useMutation({
    mutationFn: () => createDemandCategory(meetingId, { title: { [editLanguage]: name.trim() }, weight: 0 }),
    onSuccess: () => {
      setName('');
      showToast(t('categories.added'));
      void refresh();
    },
    onError,
  });
  const save = useMutation({
    mutationFn: (input: { category: ConsoleDemandCategory; name: string; weight: string }) =>
      updateDemandCategory(meetingId, input.category._id.$id, {
        title: renamed(input.category.title, editLanguage, input.name.trim()),
        weight: Number.parseInt(input.weight, 10) || 0,
      }),
    onSuccess: () => {
      setEditing(undefined);
      showToast(t('done'));
      void refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (category: ConsoleDemandCategory) => deleteDemandCategory(meetingId, category._id.$id),
    onSuccess: (answer) => {
      setDeleting(undefined);
      showToast(
        answer.detached > 0
          ? t('categories.deletedDetached', { total: answer.detached })
          : t('categories.deleted'),
      );
      void refresh();
    },
    onError: (error) => {
      setDeleting(undefined);
      onError(error);
    },
  });

  const columns = useMemo<DataColumn<ConsoleDemandCategory>[]>(
    () => [
      {
        id: 'title',
        header: t('categories.name'),
        cell: (item) =>
          editing?.id === item._id.$id ? (
            <Field
              label={t('categories.name')}
              isLabelHidden
              value={editing.name}
              maxLength={textLimits.title}
              onChange={(event) => setEditing({ ...editing, name: event.target.value })}
            />
          ) : (
            <bdi className="font-medium">{localize(item.title, language)}</bdi>
          ),
      },
      {
        id: 'weight',
        header: t('categories.weight'),
        cell: (item) =>
          editing?.id === item._id.$id ? (
            <Field
              label={t('categories.weight')}
              isLabelHidden
              type="number"
              inputMode="numeric"
              className="w-24"
              value={editing.weight}
              onChange={(event) => setEditing({ ...editing, weight: event.target.value })}
            />
          ) : (
            item.weight
          ),
      },
      { id: 'count', header: t('categories.demands'), cell: (item) => item.demand_total },
      {
        id: 'actions',
        header: t('categories.actions'),
        className: 'text-end',
        cell: (item) => {
          const label = localize(item.title, language);
          if (editing?.id === item._id.$id) {
            return (
              <div className="flex justify-end gap-1">
                <Button
                  size="sm"
                  onClick={() => save.mutate({ category: item, name: editing.name, weight: editing.weight })}
                  disabled={save.isPending || editing.name.trim() === ''}
                >
                  <Check aria-hidden="true" className="size-4" />
                  {t('categories.save')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setEditing(undefined)}>
                  <X aria-hidden="true" className="size-4" />
                  {t('confirm.cancel')}
                </Button>
              </div>
            );
          }
          return (
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('categories.editOf', { name: label })}
                onClick={() =>
                  setEditing({
                    id: item._id.$id,
                    name: nameIn(item.title, editLanguage),
                    weight: String(item.weight),
                  })
                }
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t('categories.edit')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-600 hover:bg-red-50"
                aria-label={t('categories.deleteOf', { name: label })}
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
    [t, language, editLanguage, editing, save],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate();
  };

  return (
    <ConsolePage
      title={t('categories.title')}
      description={t('categories.description')}
      testId="console-demand-categories"
      actions={
        <ButtonLink to={demandScreens.list(meetingId)} variant="secondary" size="sm">
          {t('categories.back')}
        </ButtonLink>
      }
    >
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2">
        {languages.length > 1 ? (
          <label className="flex w-full flex-col gap-1.5 text-sm font-medium text-slate-700 desk:w-auto">
            {t('categories.language')}
            <select
              value={editLanguage}
              onChange={(event) => setChosenLanguage(event.target.value as Language)}
              className="h-12 rounded-card bg-white px-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
              data-testid="demand-category-language"
            >
              {languages.map((code) => (
                <option key={code} value={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Field
          className="min-w-0 flex-1"
          label={t('categories.newName')}
          value={name}
          maxLength={textLimits.title}
          onChange={(event) => setName(event.target.value)}
          data-testid="demand-category-name"
        />
        <Button
          type="submit"
          disabled={add.isPending || name.trim() === ''}
          data-testid="demand-category-add"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('categories.add')}
        </Button>
      </form>
      <Card className="overflow-hidden">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <EmptyState icon={<Tags aria-hidden="true" className="size-7" />} title={t('categories.empty')} />
        ) : (
          <DataTable
            columns={columns}
            rows={query.data.items}
            rowKey={(item) => item._id.$id}
            caption={t('categories.title')}
          />
        )}
      </Card>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('categories.deleteTitle')}
        body={t('categories.deleteBody', { name: deleting ? localize(deleting.title, language) : '' })}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('confirm.cancel')}
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </ConsolePage>
  );
}

export const Component = DemandCategoriesRoute;
