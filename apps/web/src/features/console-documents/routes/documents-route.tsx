import { type ConsoleDocumentCategory, fileIconOf, type MeetingDocument } from '@app/contracts';
import { localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ArrowDown, ArrowUp, FileText, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FileIcon } from '../../../components/ui/file-icon.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  consoleDocumentsKeys,
  createDocument,
  createDocumentCategory,
  deleteDocument,
  deleteDocumentCategory,
  documentCategoriesQueryOptions,
  documentsQueryOptions,
  reorderDocuments,
  updateDocument,
  updateDocumentCategory,
} from '../api/console-documents-api.ts';

/** Files the documents page lists (§9 file icons): office formats, PDF, images and videos. */
const accepted =
  '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.jpg,.jpeg,.png,.gif,.webp,.bmp,.mp4,.mov,.webm,application/pdf,image/*,video/*';

/** The languages a title is entered in: Chinese and English (§5), and the console's own language. */
function titleLanguages(language: string): string[] {
  return [...new Set(['zh', 'en', language])];
}

/** The message of a failed call, by its code. */
function errorMessage(error: unknown, t: TFunction<'console-documents'>): string {
  const code = error instanceof ApiError ? String(error.code) : '';
  if (code === 'conflict.stale') return t('errors.stale');
  if (code === 'no_permission') return t('errors.noPermission');
  if (code === 'upload.too_large') return t('errors.tooLarge');
  if (code === 'upload.type_rejected') return t('errors.typeRejected');
  if (code === 'validation_failed') return t('errors.validation');
  return t('errors.requestFailed');
}

type Draft = {
  /** The document edited; absent for a new upload. */
  document?: MeetingDocument;
  key?: string;
  fileName: string;
  titles: Record<string, string>;
  categoryId: string;
};

/** A title map from the form: the filled languages only. */
function titleOf(titles: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(titles).filter(([, text]) => text.trim() !== ''));
}

/**
 * `#/console/meetings/:meetingId/documents` (DESIGN §7, §2 /meeting/doc): upload a file (progress
 * shown) and give it a title per language and a category; the documents heaviest first with their
 * §9 icon, size and views, moved up and down, edited and deleted (confirmed); and the document
 * categories (§7 /meeting_attachment/categories) added, renamed, re-weighed and deleted.
 */
function DocumentsRoute() {
  const { t } = useTranslation(['console-documents', 'documents']);
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const queryClient = useQueryClient();
  const documents = useQuery(documentsQueryOptions(meetingId));
  const categories = useQuery(documentCategoriesQueryOptions(meetingId));
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | undefined>();
  const [deleting, setDeleting] = useState<MeetingDocument | undefined>();
  const [categoryDraft, setCategoryDraft] = useState<
    { category?: ConsoleDocumentCategory; title: string; weight: string } | undefined
  >();
  const [deletingCategory, setDeletingCategory] = useState<ConsoleDocumentCategory | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleDocumentsKeys.all(meetingId) });
  const languages = titleLanguages(language);
  const categoryItems = categories.data?.items ?? [];
  const categoryName = (id: string | undefined) => {
    const found = categoryItems.find((category) => category._id.$id === id);
    return found ? localize(found.title, language) : t('documents.noCategory');
  };

  const upload = (file: File) => {
    setProgress(0);
    uploadImage(file, 'attachment', setProgress)
      .then((uploaded) => {
        const base = file.name.replace(/\.[^.]+$/, '');
        setDraft({ key: uploaded.key, fileName: file.name, titles: { [language]: base }, categoryId: '' });
      })
      .catch((error: unknown) => showToast(errorMessage(error, t)))
      .finally(() => setProgress(null));
  };

  const save = useMutation({
    mutationFn: async (input: Draft) => {
      const body: Record<string, string> = { category_id: input.categoryId };
      for (const [lang, text] of Object.entries(titleOf(input.titles))) body[`title[${lang}]`] = text;
      if (input.document) {
        body.updated_at_ms = String(input.document.updated_at_ms);
        return updateDocument(meetingId, input.document._id.$id, body);
      }
      return createDocument(meetingId, { ...body, key: input.key ?? '' });
    },
    onSuccess: () => {
      setDraft(undefined);
      showToast(t('documents.saved'));
      void refresh();
    },
    onError: (error) => showToast(errorMessage(error, t)),
  });
  const move = useMutation({
    mutationFn: (ids: string[]) => reorderDocuments(meetingId, ids),
    onSuccess: () => void refresh(),
    onError: (error) => showToast(errorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: (document: MeetingDocument) => deleteDocument(meetingId, document._id.$id),
    onSuccess: () => {
      setDeleting(undefined);
      showToast(t('documents.deleted'));
      void refresh();
    },
    onError: (error) => {
      setDeleting(undefined);
      showToast(errorMessage(error, t));
    },
  });
  const saveCategory = useMutation({
    mutationFn: async (input: { category?: ConsoleDocumentCategory; title: string; weight: string }) => {
      const weight = String(Number.parseInt(input.weight, 10) || 0);
      if (!input.category)
        return createDocumentCategory(meetingId, { [`title[${language}]`]: input.title, weight });
      const { title } = input.category;
      const lang =
        typeof title === 'string' ? null : title[language] !== undefined ? language : Object.keys(title)[0];
      return updateDocumentCategory(meetingId, input.category._id.$id, {
        ...(lang ? { [`title[${lang}]`]: input.title } : { title: input.title }),
        weight,
      });
    },
    onSuccess: () => {
      setCategoryDraft(undefined);
      showToast(t('documents.saved'));
      void refresh();
    },
    onError: (error) => showToast(errorMessage(error, t)),
  });
  const removeCategory = useMutation({
    mutationFn: (category: ConsoleDocumentCategory) => deleteDocumentCategory(meetingId, category._id.$id),
    onSuccess: () => {
      setDeletingCategory(undefined);
      void refresh();
    },
    onError: (error) => {
      setDeletingCategory(undefined);
      showToast(errorMessage(error, t));
    },
  });

  const items = documents.data?.items ?? [];
  const ids = items.map((item) => item._id.$id);
  const moveBy = (index: number, delta: number) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + delta, 0, moved);
    move.mutate(next);
  };

  const columns: DataColumn<MeetingDocument>[] = [
    {
      id: 'file',
      header: t('documents.file'),
      cell: (item) => (
        <div className="flex min-w-0 items-center gap-3">
          <FileIcon kind={item.icon} className="h-10 w-8" />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">
              <bdi>{localize(item.title, language) || item.file_name}</bdi>
            </p>
            <p className="truncate text-[13px] text-slate-500">
              <bdi>{item.file_name}</bdi> · {formatFileSize(item.size, language)}
            </p>
          </div>
        </div>
      ),
    },
    { id: 'category', header: t('documents.category'), cell: (item) => categoryName(item.category_id?.$id) },
    {
      id: 'views',
      header: t('documents.views'),
      className: 'tabular-nums',
      cell: (item) => new Intl.NumberFormat(language).format(item.views_total),
    },
    {
      id: 'actions',
      header: t('documents.actions'),
      className: 'text-end',
      cell: (item) => {
        const index = ids.indexOf(item._id.$id);
        const name = localize(item.title, language) || item.file_name;
        return (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('documents.moveUpOf', { name })}
              disabled={index === 0 || move.isPending}
              onClick={() => moveBy(index, -1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('documents.moveDownOf', { name })}
              disabled={index === ids.length - 1 || move.isPending}
              onClick={() => moveBy(index, 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('documents.editOf', { name })}
              onClick={() =>
                setDraft({
                  document: item,
                  fileName: item.file_name,
                  titles: typeof item.title === 'string' ? { [language]: item.title } : { ...item.title },
                  categoryId: item.category_id?.$id ?? '',
                })
              }
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('documents.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600 hover:bg-red-50"
              aria-label={t('documents.deleteOf', { name })}
              onClick={() => setDeleting(item)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        );
      },
    },
  ];

  const categoryColumns = useMemo<DataColumn<ConsoleDocumentCategory>[]>(
    () => [
      {
        id: 'title',
        header: t('categories.name'),
        cell: (item) => <bdi className="font-medium">{localize(item.title, language)}</bdi>,
      },
      { id: 'weight', header: t('categories.weight'), cell: (item) => item.weight },
      { id: 'count', header: t('categories.documents'), cell: (item) => item.documents_total },
      {
        id: 'actions',
        header: t('documents.actions'),
        className: 'text-end',
        cell: (item) => {
          const name = localize(item.title, language);
          return (
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('documents.editOf', { name })}
                onClick={() => setCategoryDraft({ category: item, title: name, weight: String(item.weight) })}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t('documents.edit')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-600 hover:bg-red-50"
                aria-label={t('documents.deleteOf', { name })}
                onClick={() => setDeletingCategory(item)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
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
      title={t('documents.title')}
      description={t('documents.description')}
      testId="console-documents"
      actions={
        <>
          <input
            ref={fileInput}
            type="file"
            accept={accepted}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="document-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload(file);
            }}
          />
          <Button onClick={() => fileInput.current?.click()} disabled={progress !== null}>
            <Upload aria-hidden="true" className="size-4" />
            {t('documents.upload')}
          </Button>
        </>
      }
    >
      {progress !== null ? (
        <Card className="mb-4 p-4" role="status" aria-live="polite">
          <p className="mb-2 text-sm text-slate-700">
            {t('documents.uploading', { percent: Math.round(progress * 100) })}
          </p>
          <div
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            aria-label={t('documents.upload')}
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress * 100}%` }} />
          </div>
        </Card>
      ) : null}
      {documents.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : documents.isError ? (
        <Card>
          <ConsoleErrorState error={documents.error} onRetry={() => void documents.refetch()} />
        </Card>
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<FileText aria-hidden="true" className="size-7" />}
            title={t('documents.empty')}
            description={t('documents.emptyHint')}
          />
        </Card>
      ) : (
        <DataTable
          columns={columns}
          rows={items}
          rowKey={(item) => item._id.$id}
          caption={t('documents.title')}
          testId="console-documents-table"
        />
      )}

      <section aria-labelledby="document-categories" className="mt-10">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="document-categories" className="text-[17px] font-semibold text-slate-900">
            {t('categories.title')}
          </h2>
          <Button variant="secondary" size="sm" onClick={() => setCategoryDraft({ title: '', weight: '0' })}>
            <Plus aria-hidden="true" className="size-4" />
            {t('categories.add')}
          </Button>
        </div>
        {categories.isPending ? (
          <Card>
            <TableSkeleton rows={2} />
          </Card>
        ) : categoryItems.length === 0 ? (
          <Card className="p-4 text-sm text-slate-500">{t('categories.empty')}</Card>
        ) : (
          <DataTable
            columns={categoryColumns}
            rows={categoryItems}
            rowKey={(item) => item._id.$id}
            caption={t('categories.title')}
          />
        )}
      </section>

      <FormDialog
        isOpen={draft !== undefined}
        title={draft?.document ? t('documents.editTitle') : t('documents.newTitle')}
        submitLabel={t('documents.save')}
        cancelLabel={t('documents.cancel')}
        isBusy={save.isPending}
        testId="document-dialog"
        onSubmit={() => {
          if (!draft) return;
          if (Object.keys(titleOf(draft.titles)).length === 0) {
            showToast(t('errors.titleRequired'));
            return;
          }
          save.mutate(draft);
        }}
        onCancel={() => setDraft(undefined)}
      >
        {draft ? (
          <>
            <div className="flex items-center gap-3 rounded-card bg-slate-50 p-3">
              <FileIcon kind={fileIconOf(draft.fileName)} className="h-10 w-8" />
              <bdi className="min-w-0 truncate text-sm text-slate-700">{draft.fileName}</bdi>
            </div>
            {languages.map((lang) => (
              <Field
                key={lang}
                label={t('documents.titleIn', {
                  language: new Intl.DisplayNames([language], { type: 'language' }).of(lang) ?? lang,
                })}
                lang={lang}
                value={draft.titles[lang] ?? ''}
                maxLength={200}
                onChange={(event) =>
                  setDraft({ ...draft, titles: { ...draft.titles, [lang]: event.target.value } })
                }
              />
            ))}
            <label className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-slate-700">{t('documents.category')}</span>
              <select
                className="h-12 rounded-card bg-white px-3 text-[16px] ring-1 ring-slate-200"
                value={draft.categoryId}
                onChange={(event) => setDraft({ ...draft, categoryId: event.target.value })}
              >
                <option value="">{t('documents.noCategory')}</option>
                {categoryItems.map((category) => (
                  <option key={category._id.$id} value={category._id.$id}>
                    {localize(category.title, language)}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : null}
      </FormDialog>

      <FormDialog
        isOpen={categoryDraft !== undefined}
        title={categoryDraft?.category ? t('categories.editTitle') : t('categories.add')}
        submitLabel={t('documents.save')}
        cancelLabel={t('documents.cancel')}
        isBusy={saveCategory.isPending}
        onSubmit={() => {
          if (categoryDraft?.title.trim()) saveCategory.mutate(categoryDraft);
        }}
        onCancel={() => setCategoryDraft(undefined)}
      >
        {categoryDraft ? (
          <>
            <Field
              label={t('categories.name')}
              value={categoryDraft.title}
              maxLength={200}
              required
              onChange={(event) => setCategoryDraft({ ...categoryDraft, title: event.target.value })}
            />
            <Field
              label={t('categories.weight')}
              type="number"
              inputMode="numeric"
              value={categoryDraft.weight}
              hint={t('categories.weightHint')}
              onChange={(event) => setCategoryDraft({ ...categoryDraft, weight: event.target.value })}
            />
          </>
        ) : null}
      </FormDialog>

      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('documents.confirmDelete', {
          name: deleting ? localize(deleting.title, language) || deleting.file_name : '',
        })}
        confirmLabel={t('documents.delete')}
        cancelLabel={t('documents.cancel')}
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
      <ConfirmDialog
        isOpen={deletingCategory !== undefined}
        title={t('categories.confirmDelete', {
          name: deletingCategory ? localize(deletingCategory.title, language) : '',
        })}
        body={t('categories.confirmDeleteBody')}
        confirmLabel={t('documents.delete')}
        cancelLabel={t('documents.cancel')}
        isBusy={removeCategory.isPending}
        onConfirm={() => deletingCategory && removeCategory.mutate(deletingCategory)}
        onCancel={() => setDeletingCategory(undefined)}
      />
    </ConsolePage>
  );
}

export { DocumentsRoute as Component };
