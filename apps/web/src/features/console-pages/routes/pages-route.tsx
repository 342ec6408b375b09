import {
  type BlockVersion,
  type ConsolePage as ConsolePageItem,
  type MicrositeSlug,
  micrositeSlugs,
  type PageKind,
  pageKinds,
} from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { enabledLanguages, type Language, localize } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Home, Layers, Pencil, Plus, RotateCcw, Send, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog, ModalDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import { micrositePaths } from '../../../lib/microsite-paths.ts';
import { pagesPaths } from '../../../lib/pages-paths.ts';
import { paths, toHref } from '../../../lib/paths.ts';
import {
  consolePagesKeys,
  createPage,
  deletePage,
  meetingQueryOptions,
  pagesQueryOptions,
  publishDraft,
  renamePage,
  rollbackTo,
  versionsQueryOptions,
} from '../api/console-pages-api.ts';
import { consolePagesErrorMessage } from '../components/console-pages-errors.ts';
import { inputClass, Labelled, LocalizedInputs, textsOf } from '../components/form-parts.tsx';

type PageDialog = {
  kind: PageKind;
  title: Record<string, string>;
  /** A new microsite page's slug (§2 /sichuan-culture/{slug}). */
  slug?: MicrositeSlug;
  page?: ConsolePageItem;
};

/** The public address of a page (home or content page), opened in a new tab from the console. */
function publicHref(meetingId: string, page: ConsolePageItem | undefined): string {
  if (!page) return toHref(paths.home({ meetingId }));
  if (page.kind === 'introduction')
    return toHref(pagesPaths.introduction({ meetingId, contentId: page._id.$id }));
  if (page.kind === 'microsite') return toHref(micrositePaths.page({ meetingId, slug: page.slug ?? 'home' }));
  return toHref(pagesPaths[page.kind]({ meetingId }));
}

/**
 * `#/console/meetings/:meetingId/pages` (DESIGN §7; §3 block versions, §7 block/versions): where the
 * released and draft versions stand with "Publish draft"; the home and content pages with their block
 * counts (edit blocks, open, rename, delete, new page); and the version history with "Roll back".
 */
function PagesRoute() {
  const { t } = useTranslation('console-pages');
  const display = useLanguage();
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const canPublish = meeting?.actions.includes('pages.publish') ?? false;
  const queryClient = useQueryClient();
  const overview = useQuery(pagesQueryOptions(meetingId));
  const versions = useQuery(versionsQueryOptions(meetingId));
  const settings = useQuery(meetingQueryOptions(meetingId));
  const languages = useMemo(
    () => enabledLanguages(settings.data?.config.language as Record<string, unknown> | undefined),
    [settings.data],
  );
  const [dialog, setDialog] = useState<PageDialog | undefined>();
  const [deleting, setDeleting] = useState<ConsolePageItem | undefined>();
  const [isPublishing, setPublishing] = useState(false);
  const [rollback, setRollback] = useState<number | undefined>();
  // The dialog edits one language's title at a time (a meeting may enable twenty).
  const [chosenLanguage, setChosenLanguage] = useState<Language | undefined>();
  const editLanguage =
    chosenLanguage && languages.includes(chosenLanguage)
      ? chosenLanguage
      : languages.includes(display)
        ? display
        : (languages[0] ?? display);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consolePagesKeys.all(meetingId) });
  const onError = (error: unknown) => showToast(consolePagesErrorMessage(error, t));
  const timeZone = meeting?.time_zone ?? 'UTC';

  // A microsite page per slug (§2 /sichuan-culture): the slugs already built are not offered again.
  const takenSlugs = new Set(
    (overview.data?.pages ?? []).flatMap((page) =>
      page.kind === 'microsite' && page.slug ? [page.slug] : [],
    ),
  );
  const freeSlug = micrositeSlugs.find((slug) => !takenSlugs.has(slug)) ?? 'home';
  const savePage = useMutation({
    mutationFn: (input: PageDialog) =>
      input.page
        ? renamePage(meetingId, input.page._id.$id, input.title)
        : createPage(meetingId, {
            ...input,
            slug: input.kind === 'microsite' ? (input.slug ?? freeSlug) : undefined,
          }),
    onSuccess: (_page, input) => {
      setDialog(undefined);
      showToast(input.page ? t('editor.saved') : t('overview.created'));
      void refresh();
    },
    onError,
  });
  const removePage = useMutation({
    mutationFn: (page: ConsolePageItem) => deletePage(meetingId, page._id.$id),
    onSuccess: () => {
      setDeleting(undefined);
      showToast(t('overview.deleted'));
      void refresh();
    },
    onError: (error) => {
      setDeleting(undefined);
      onError(error);
    },
  });
  const publish = useMutation({
    mutationFn: () => publishDraft(meetingId, overview.data?.revision ?? 0),
    onSuccess: () => {
      setPublishing(false);
      showToast(t('overview.published'));
      void refresh();
    },
    onError: (error) => {
      setPublishing(false);
      onError(error);
      void refresh();
    },
  });
  const rollBack = useMutation({
    mutationFn: (version: number) => rollbackTo(meetingId, version, overview.data?.revision ?? 0),
    onSuccess: (_state, version) => {
      setRollback(undefined);
      showToast(t('versions.rolledBack', { version }));
      void refresh();
    },
    onError: (error) => {
      setRollback(undefined);
      onError(error);
      void refresh();
    },
  });

  const versionColumns = useMemo<DataColumn<BlockVersion>[]>(() => {
    const formatTime = (seconds: number) =>
      new Intl.DateTimeFormat(display, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        seconds * 1000,
      );
    return [
      {
        id: 'version',
        header: t('versions.version'),
        cell: (item) => <span className="font-semibold">v{item.version}</span>,
      },
      {
        id: 'state',
        header: t('versions.state'),
        cell: (item) => (
          <span
            className={cx(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              item.state === 'released' && 'bg-emerald-50 text-emerald-700',
              item.state === 'draft' && 'bg-amber-50 text-amber-800',
              item.state === 'archived' && 'bg-slate-100 text-slate-600',
            )}
          >
            {t(`versions.states.${item.state}`)}
          </span>
        ),
      },
      {
        id: 'origin',
        header: t('versions.origin'),
        cell: (item) => t(`versions.origins.${item.origin}`, { version: item.source_version ?? '' }),
      },
      { id: 'blocks', header: t('versions.blocks'), cell: (item) => item.blocks },
      {
        id: 'author',
        header: t('versions.author'),
        cell: (item) => <bdi>{item.author?.username || '—'}</bdi>,
      },
      { id: 'date', header: t('versions.date'), cell: (item) => formatTime(item.published ?? item.created) },
      {
        id: 'actions',
        header: '',
        className: 'text-end',
        cell: (item) =>
          canPublish && item.state === 'archived' ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('versions.rollbackOf', { version: item.version })}
              onClick={() => setRollback(item.version)}
              data-testid={`console-rollback-${item.version}`}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('versions.rollback')}
            </Button>
          ) : null,
      },
    ];
  }, [t, canPublish, display, timeZone]);

  const pageRow = (
    page: ConsolePageItem | undefined,
    counts: { draft_blocks: number; released_blocks: number },
  ) => {
    const name = page ? localize(page.title, display) : t('overview.home');
    const editTo = `/console/meetings/${meetingId}/pages/editor${page ? `?page_id=${page._id.$id}` : ''}`;
    return (
      <li
        key={page?._id.$id ?? 'home'}
        className="flex flex-wrap items-center gap-3 px-4 py-3"
        data-testid={page ? 'console-page-row' : 'console-page-home'}
      >
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          {page ? (
            <Layers aria-hidden="true" className="size-5" />
          ) : (
            <Home aria-hidden="true" className="size-5" />
          )}
        </span>
        <div className="min-w-0 flex-1 basis-48">
          <p className="truncate text-[15px] font-semibold text-slate-900">
            <bdi>{name}</bdi>
            {page ? (
              <span className="ms-2 text-xs font-medium text-slate-500">
                {t(`overview.kinds.${page.kind}`)}
                {page.slug ? ` · /sichuan-culture/${page.slug}` : ''}
              </span>
            ) : null}
          </p>
          <p className="text-[13px] text-slate-500">
            {t('overview.blocks', { draft: counts.draft_blocks, released: counts.released_blocks })}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Link
            to={editTo}
            className="inline-flex h-9 items-center gap-1.5 rounded-button bg-primary/10 px-3 text-sm font-medium text-primary hover:bg-primary/15"
            data-testid="console-page-edit"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('overview.editBlocks')}
          </Link>
          <a
            href={publicHref(meetingId, page)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-1.5 rounded-button px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('overview.open')}
          </a>
          {page ? (
            <>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDialog({ kind: page.kind, title: textsOf(page.title, languages), page })}
              >
                {t('overview.rename')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-600 hover:bg-red-50"
                onClick={() => setDeleting(page)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('overview.delete')}
              </Button>
            </>
          ) : null}
        </div>
      </li>
    );
  };

  const data = overview.data;
  return (
    <ConsolePage
      title={t('overview.title')}
      description={t('overview.description')}
      testId="console-pages"
      actions={
        <Button
          size="sm"
          onClick={() => setDialog({ kind: 'introduction', title: {} })}
          data-testid="console-page-new"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('overview.newPage')}
        </Button>
      }
    >
      {overview.isPending ? (
        <Card>
          <TableSkeleton />
        </Card>
      ) : overview.isError ? (
        <Card>
          <ConsoleErrorState error={overview.error} onRetry={() => void overview.refetch()} />
        </Card>
      ) : data ? (
        <div className="space-y-8">
          <Card
            className="flex flex-wrap items-center gap-4 p-4 desk:p-5"
            data-testid="console-versions-state"
          >
            <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-700">
              {t('overview.released', { version: data.release_version })}
            </span>
            <span className="rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-800">
              {t('overview.draft', { version: data.draft_version })}
            </span>
            <span className="flex-1" />
            {canPublish ? (
              <Button onClick={() => setPublishing(true)} data-testid="console-pages-publish">
                <Send aria-hidden="true" className="size-4" />
                {t('overview.publish')}
              </Button>
            ) : null}
          </Card>

          <section aria-labelledby="console-pages-list">
            <h2 id="console-pages-list" className="mb-3 text-[17px] font-semibold text-slate-900">
              {t('overview.pagesTitle')}
            </h2>
            <Card className="overflow-hidden">
              <ul className="divide-y divide-slate-100">
                {pageRow(undefined, data.home)}
                {data.pages.map((page) => pageRow(page, page))}
              </ul>
            </Card>
          </section>

          <section aria-labelledby="console-versions">
            <h2 id="console-versions" className="mb-3 text-[17px] font-semibold text-slate-900">
              {t('versions.title')}
            </h2>
            <Card className="overflow-hidden">
              {versions.isPending ? (
                <TableSkeleton rows={3} />
              ) : versions.isError ? (
                <ConsoleErrorState error={versions.error} onRetry={() => void versions.refetch()} />
              ) : versions.data.length === 0 ? (
                <EmptyState
                  icon={<Layers aria-hidden="true" className="size-7" />}
                  title={t('versions.empty')}
                />
              ) : (
                <DataTable
                  columns={versionColumns}
                  rows={versions.data}
                  rowKey={(item) => String(item.version)}
                  caption={t('versions.title')}
                />
              )}
            </Card>
          </section>
        </div>
      ) : null}

      <ModalDialog
        isOpen={dialog !== undefined}
        onDismiss={() => setDialog(undefined)}
        title={dialog?.page ? t('overview.renameTitle') : t('overview.newPageTitle')}
        testId="console-page-dialog"
        body={
          dialog ? (
            <div className="space-y-4">
              {dialog.page ? null : (
                <Labelled label={t('overview.kind')}>
                  {(id) => (
                    <select
                      id={id}
                      className={inputClass}
                      value={dialog.kind}
                      onChange={(event) => {
                        const kind = event.target.value as PageKind;
                        setDialog({ ...dialog, kind, slug: kind === 'microsite' ? freeSlug : undefined });
                      }}
                    >
                      {pageKinds.map((kind) => (
                        <option key={kind} value={kind}>
                          {t(`overview.kinds.${kind}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Labelled>
              )}
              {!dialog.page && dialog.kind === 'microsite' ? (
                <Labelled label={t('overview.slug')} hint={t('overview.slugHint')}>
                  {(id) => (
                    <select
                      id={id}
                      className={inputClass}
                      value={dialog.slug ?? freeSlug}
                      onChange={(event) =>
                        setDialog({ ...dialog, slug: event.target.value as MicrositeSlug })
                      }
                      data-testid="console-page-slug"
                    >
                      {micrositeSlugs.map((slug) => (
                        <option key={slug} value={slug} disabled={takenSlugs.has(slug)}>
                          /sichuan-culture/{slug}
                        </option>
                      ))}
                    </select>
                  )}
                </Labelled>
              ) : null}
              <Labelled label={t('editor.editLanguage')}>
                {(id) => (
                  <select
                    id={id}
                    className={inputClass}
                    value={editLanguage}
                    onChange={(event) => setChosenLanguage(event.target.value as Language)}
                  >
                    {languages.map((language) => (
                      <option key={language} value={language}>
                        {languageName(language)}
                      </option>
                    ))}
                  </select>
                )}
              </Labelled>
              <LocalizedInputs
                languages={[editLanguage]}
                value={dialog.title}
                onChange={(title) => setDialog({ ...dialog, title })}
                label={(language) => t('overview.pageTitle', { language })}
                maxLength={textLimits.title}
              />
            </div>
          ) : null
        }
      >
        <Button variant="secondary" className="flex-1" onClick={() => setDialog(undefined)}>
          {t('actions.cancel')}
        </Button>
        <Button
          className="flex-1"
          disabled={
            savePage.isPending || !Object.values(dialog?.title ?? {}).some((value) => value.trim() !== '')
          }
          onClick={() => dialog && savePage.mutate(dialog)}
          data-testid="console-page-save"
        >
          {t('actions.save')}
        </Button>
      </ModalDialog>
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('overview.deleteTitle')}
        body={t('overview.deleteBody', { name: deleting ? localize(deleting.title, display) : '' })}
        confirmLabel={t('overview.delete')}
        cancelLabel={t('actions.cancel')}
        isBusy={removePage.isPending}
        onConfirm={() => deleting && removePage.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
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
      <ConfirmDialog
        isOpen={rollback !== undefined}
        title={t('versions.rollbackTitle', { version: rollback ?? '' })}
        body={t('versions.rollbackBody', { version: rollback ?? '' })}
        confirmLabel={t('versions.rollback')}
        cancelLabel={t('actions.cancel')}
        isBusy={rollBack.isPending}
        onConfirm={() => rollback !== undefined && rollBack.mutate(rollback)}
        onCancel={() => setRollback(undefined)}
      />
    </ConsolePage>
  );
}

export const Component = PagesRoute;
