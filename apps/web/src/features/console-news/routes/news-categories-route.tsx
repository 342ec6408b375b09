import type { ConsoleNewsCategory } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
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
import { useLanguage } from '../../../lib/i18n.ts';
import {
  consoleNewsKeys,
  createNewsCategory,
  deleteNewsCategory,
  newsCategoriesQueryOptions,
  updateNewsCategory,
} from '../api/console-news-api.ts';
import { consoleNewsErrorMessage } from '../components/console-news-errors.ts';
import { newsScreens } from '../console-news-screens.ts';

/** A category name in the display language, keeping the other languages of a language map. */
function renamed(title: ConsoleNewsCategory['title'], language: string, name: string) {
  return typeof title === 'string'
    ? { ...(title ? { en: title } : {}), [language]: name }
    : { ...title, [language]: name };
}

/**
 * `#/console/meetings/:meetingId/news/categories` (DESIGN §7, §7 Categories): the meeting's news
 * categories (the public list's tabs), heaviest first, with how many items each holds; add (named
 * in the display language), rename inline, re-weigh and delete (confirmed).
 */
function NewsCategoriesRoute() {
  const { t } = useTranslation('console-news');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const query = useQuery(newsCategoriesQueryOptions(meetingId));
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string; weight: string } | undefined>();
  const [deleting, setDeleting] = useState<ConsoleNewsCategory | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleNewsKeys.all(meetingId) });
  const onError = (error: unknown) => showToast(consoleNewsErrorMessage(error, t));

  const add = useMutation({
    mutationFn: () => createNewsCategory(meetingId, { title: { [language]: name.trim() }, weight: 0 }),
    onSuccess: () => {
      setName('');
      showToast(t('categories.added'));
      void refresh();
    },
    onError,
  });
  const save = useMutation({
    mutationFn: (input: { category: ConsoleNewsCategory; name: string; weight: string }) =>
      updateNewsCategory(meetingId, input.category._id.$id, {
        title: renamed(input.category.title, language, input.name.trim()),
        weight: Number.parseInt(input.weight, 10) || 0,
      }),
    onSuccess: () => {
      setEditing(undefined);
      showToast(t('editor.saved'));
      void refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (category: ConsoleNewsCategory) => deleteNewsCategory(meetingId, category._id.$id),
    onSuccess: () => {
      setDeleting(undefined);
      showToast(t('categories.deleted'));
      void refresh();
    },
    onError: (error) => {
      setDeleting(undefined);
      onError(error);
    },
  });

  const columns = useMemo<DataColumn<ConsoleNewsCategory>[]>(
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
        header: t('editor.weight'),
        cell: (item) =>
          editing?.id === item._id.$id ? (
            <Field
              label={t('editor.weight')}
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
      { id: 'count', header: t('categories.items'), cell: (item) => item.news_total },
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
                  {t('editor.save')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setEditing(undefined)}>
                  <X aria-hidden="true" className="size-4" />
                  {t('editor.cancel')}
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
                onClick={() => setEditing({ id: item._id.$id, name: label, weight: String(item.weight) })}
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
                {t('editor.delete')}
              </Button>
            </div>
          );
        },
      },
    ],
    [t, language, editing, save],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate();
  };

  return (
    <ConsolePage
      title={t('categories.title')}
      description={t('categories.description')}
      testId="console-news-categories"
      actions={
        <ButtonLink to={newsScreens.list(meetingId)} variant="secondary" size="sm">
          {t('editor.back')}
        </ButtonLink>
      }
    >
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2">
        <Field
          className="min-w-0 flex-1"
          label={t('categories.newName')}
          value={name}
          maxLength={textLimits.title}
          onChange={(event) => setName(event.target.value)}
          data-testid="news-category-name"
        />
        <Button type="submit" disabled={add.isPending || name.trim() === ''} data-testid="news-category-add">
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
        confirmLabel={t('editor.delete')}
        cancelLabel={t('editor.cancel')}
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </ConsolePage>
  );
}

export const Component = NewsCategoriesRoute;
