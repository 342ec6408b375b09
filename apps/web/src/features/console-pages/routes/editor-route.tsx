import { type Block, type BlockType, blockTypes, type Category, type listCategories } from '@app/contracts';
import { enabledLanguages, type Language, localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowLeft, ArrowUp, Eye, Layers, Pencil, Plus, Save, Send, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { api, fillPath } from '../../../lib/api/api.ts';
import type { NestedValue } from '../../../lib/api/bracket-body.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import {
  type BlockBody,
  consolePagesKeys,
  draftQueryOptions,
  meetingQueryOptions,
  pagesQueryOptions,
  publishDraft,
  saveDraft,
} from '../api/console-pages-api.ts';
import { BlockSettings, type EditorBlock, newBlockData } from '../components/block-settings.tsx';
import { consolePagesErrorMessage, isStale } from '../components/console-pages-errors.ts';
import { inputClass, textsOf } from '../components/form-parts.tsx';
import { PreviewLinkDialog } from '../components/preview-link-dialog.tsx';

let keys = 0;
const nextKey = () => {
  keys += 1;
  return `block-${keys}`;
};

/** The editor's copy of the saved draft blocks. */
function editorBlocksOf(blocks: Block[], languages: ReturnType<typeof enabledLanguages>): EditorBlock[] {
  return blocks.map((block) => ({
    key: nextKey(),
    type: block.type,
    title: textsOf(block.title, languages),
    content: textsOf(block.content, languages),
    data: { ...block.data },
  }));
}

/** The blocks as the save sends them: empty language values left out. */
function bodiesOf(blocks: EditorBlock[]): BlockBody[] {
  const clean = (texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).filter(([, value]) => value.trim() !== ''));
  return blocks.map((block) => ({
    type: block.type,
    title: clean(block.title),
    content: clean(block.content),
    data: block.data as Record<string, NestedValue>,
  }));
}

/**
 * `#/console/meetings/:meetingId/pages/editor?page_id=…` (DESIGN §7; §3 block_draft_version): the
 * draft blocks of the home (no page_id) or of one content page — add a block of any type, order,
 * edit and remove them, save the draft (409 when someone changed it meanwhile: reload), copy a preview
 * link, and publish (pages.publish).
 */
function EditorRoute() {
  const { t } = useTranslation('console-pages');
  const display = useLanguage();
  const { meetingId = '' } = useParams();
  const [search] = useSearchParams();
  const pageId = search.get('page_id') ?? '';
  const { meeting } = useConsole();
  const canPublish = meeting?.actions.includes('pages.publish') ?? false;
  const queryClient = useQueryClient();
  const draft = useQuery(draftQueryOptions(meetingId, pageId));
  const overview = useQuery(pagesQueryOptions(meetingId));
  const settings = useQuery(meetingQueryOptions(meetingId));
  const sections = useQuery({
    queryKey: ['console', 'pages', meetingId, 'sections'],
    queryFn: () =>
      api.list<Category>(fillPath<typeof listCategories>('/:type/categories', { type: 'page_section' }), {
        query: { meeting_id: meetingId },
        limit: 999,
      }),
  });
  const languages = useMemo(
    () => enabledLanguages(settings.data?.config.language as Record<string, unknown> | undefined),
    [settings.data],
  );
  const [blocks, setBlocks] = useState<EditorBlock[] | undefined>();
  const [revision, setRevision] = useState(0);
  const [openKey, setOpenKey] = useState<string | undefined>();
  const [isDirty, setDirty] = useState(false);
  const [adding, setAdding] = useState<BlockType>('rich_text');
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const [isPublishing, setPublishing] = useState(false);
  const [isStaleDraft, setStaleDraft] = useState(false);
  // One language's texts at a time: a meeting may enable twenty.
  const [chosenLanguage, setChosenLanguage] = useState<Language | undefined>();
  const editLanguage =
    chosenLanguage && languages.includes(chosenLanguage)
      ? chosenLanguage
      : languages.includes(display)
        ? display
        : (languages[0] ?? display);

  useEffect(() => {
    if (draft.data && settings.data && blocks === undefined) {
      setBlocks(editorBlocksOf(draft.data.blocks, languages));
      setRevision(draft.data.revision);
    }
  }, [draft.data, settings.data, blocks, languages]);

  const change = (next: EditorBlock[]) => {
    setBlocks(next);
    setDirty(true);
  };
  const reload = async () => {
    setBlocks(undefined);
    setDirty(false);
    setStaleDraft(false);
    await queryClient.invalidateQueries({ queryKey: consolePagesKeys.all(meetingId) });
  };

  const save = useMutation({
    mutationFn: () => saveDraft(meetingId, { pageId, revision, blocks: bodiesOf(blocks ?? []) }),
    onSuccess: (saved) => {
      setRevision(saved.revision);
      setDirty(false);
      queryClient.setQueryData(consolePagesKeys.draft(meetingId, pageId), saved);
      void queryClient.invalidateQueries({ queryKey: consolePagesKeys.overview(meetingId) });
      void queryClient.invalidateQueries({ queryKey: consolePagesKeys.versions(meetingId) });
      showToast(t('editor.saved'));
    },
    onError: (error) => {
      if (isStale(error)) setStaleDraft(true);
      showToast(consolePagesErrorMessage(error, t));
    },
  });
  const publish = useMutation({
    mutationFn: () => publishDraft(meetingId, revision),
    onSuccess: async () => {
      setPublishing(false);
      showToast(t('overview.published'));
      await reload();
    },
    onError: (error) => {
      setPublishing(false);
      if (isStale(error)) setStaleDraft(true);
      showToast(consolePagesErrorMessage(error, t));
    },
  });

  const page = overview.data?.pages.find((item) => item._id.$id === pageId);
  const name = pageId ? (page ? localize(page.title, display) : '') : t('overview.home');
  const move = (index: number, by: number) => {
    if (!blocks) return;
    const next = [...blocks];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    change(next);
  };

  const isLoading = draft.isPending || settings.isPending || blocks === undefined;
  const error = draft.error ?? settings.error;

  return (
    <ConsolePage
      title={t('editor.title', { name })}
      description={t('editor.description')}
      testId="console-pages-editor"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setPreviewOpen(true)}
            data-testid="console-preview-open"
          >
            <Eye aria-hidden="true" className="size-4" />
            {t('preview.button')}
          </Button>
          <Button
            size="sm"
            variant={isDirty ? 'primary' : 'secondary'}
            disabled={!isDirty || save.isPending || isStaleDraft}
            onClick={() => save.mutate()}
            data-testid="console-draft-save"
          >
            <Save aria-hidden="true" className="size-4" />
            {t('editor.save')}
          </Button>
          {canPublish ? (
            <Button
              size="sm"
              disabled={isDirty || publish.isPending || isStaleDraft}
              onClick={() => setPublishing(true)}
              data-testid="console-draft-publish"
            >
              <Send aria-hidden="true" className="size-4" />
              {t('overview.publish')}
            </Button>
          ) : null}
        </div>
      }
    >
      <Link
        to={`/console/meetings/${meetingId}/pages`}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-primary"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('editor.back')}
      </Link>
      {isStaleDraft ? (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-card bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <span>{t('editor.stale')}</span>
          <Button size="sm" variant="secondary" onClick={() => void reload()}>
            {t('editor.reload')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <Card>
          <ConsoleErrorState error={error} onRetry={() => void reload()} />
        </Card>
      ) : isLoading ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <label htmlFor="console-edit-language" className="text-sm font-medium text-slate-700">
                {t('editor.editLanguage')}
              </label>
              <select
                id="console-edit-language"
                className={cx(inputClass, 'w-auto py-1.5')}
                value={editLanguage}
                onChange={(event) => setChosenLanguage(event.target.value as Language)}
                data-testid="console-edit-language"
              >
                {languages.map((language) => (
                  <option key={language} value={language}>
                    {languageName(language)}
                  </option>
                ))}
              </select>
            </div>
            {isDirty ? (
              <p className="text-sm font-medium text-amber-700" role="status">
                {t('editor.unsaved')}
              </p>
            ) : null}
          </div>
          {blocks.length === 0 ? (
            <Card>
              <EmptyState icon={<Layers aria-hidden="true" className="size-7" />} title={t('editor.empty')} />
            </Card>
          ) : (
            <ol className="space-y-3" data-testid="console-block-list">
              {blocks.map((block, index) => {
                const isOpen = openKey === block.key;
                const title = localize(block.title, display);
                return (
                  <li key={block.key} data-testid="console-block" data-type={block.type}>
                    <Card className={cx('p-0', isOpen && 'ring-2 ring-primary/40')}>
                      <div className="flex flex-wrap items-center gap-2 p-3 desk:p-4">
                        <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">
                          {t(`editor.types.${block.type}`)}
                        </span>
                        <span className="min-w-0 flex-1 basis-40 truncate text-[15px] font-medium text-slate-800">
                          {title || t('editor.untitled')}
                        </span>
                        <div className="flex items-center gap-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={t('editor.moveUp')}
                            disabled={index === 0}
                            onClick={() => move(index, -1)}
                          >
                            <ArrowUp aria-hidden="true" className="size-4" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={t('editor.moveDown')}
                            disabled={index === blocks.length - 1}
                            onClick={() => move(index, 1)}
                          >
                            <ArrowDown aria-hidden="true" className="size-4" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-expanded={isOpen}
                            onClick={() => setOpenKey(isOpen ? undefined : block.key)}
                            data-testid="console-block-edit"
                          >
                            <Pencil aria-hidden="true" className="size-4" />
                            {isOpen ? t('editor.done') : t('editor.edit')}
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-red-600 hover:bg-red-50"
                            aria-label={t('editor.remove')}
                            onClick={() => change(blocks.filter((item) => item.key !== block.key))}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        </div>
                      </div>
                      {isOpen ? (
                        <div className="border-t border-slate-100 p-3 desk:p-5">
                          <BlockSettings
                            block={block}
                            languages={[editLanguage]}
                            sections={sections.data ?? []}
                            onChange={(next) =>
                              change(blocks.map((item) => (item.key === block.key ? next : item)))
                            }
                          />
                        </div>
                      ) : null}
                    </Card>
                  </li>
                );
              })}
            </ol>
          )}
          <Card className="flex flex-wrap items-center gap-2 p-3 desk:p-4">
            <label htmlFor="console-add-type" className="sr-only">
              {t('editor.addBlock')}
            </label>
            <select
              id="console-add-type"
              className={cx(inputClass, 'max-w-xs')}
              value={adding}
              onChange={(event) => setAdding(event.target.value as BlockType)}
              data-testid="console-block-type"
            >
              {blockTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`editor.types.${type}`)}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                const block: EditorBlock = {
                  key: nextKey(),
                  type: adding,
                  title: {},
                  content: {},
                  data: newBlockData(adding),
                };
                change([block, ...blocks]);
                setOpenKey(block.key);
              }}
              data-testid="console-block-add"
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('editor.addBlock')}
            </Button>
          </Card>
        </div>
      )}
      <PreviewLinkDialog
        meetingId={meetingId}
        pageId={pageId}
        isOpen={isPreviewOpen}
        onClose={() => setPreviewOpen(false)}
      />
      <ConfirmDialog
        isOpen={isPublishing}
        title={t('overview.publishTitle')}
        body={t('overview.publishBody')}
        confirmLabel={t('overview.publish')}
        cancelLabel={t('actions.cancel')}
        isBusy={publish.isPending}
        onConfirm={() => publish.mutate()}
        onCancel={() => setPublishing(false)}
      />
    </ConsolePage>
  );
}

export const Component = EditorRoute;
