import type { ConsoleNewsDetail, LocalizedText, NewsStatus } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, ImagePlus, RotateCw, Send, Trash2, Undo2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LanguageTabs } from '../../../components/ui/language-tabs.tsx';
import { RichTextEditor } from '../../../components/ui/rich-text-editor.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { readRichText } from '../../../lib/rich-text.ts';
import { clockTime, formatDate } from '../../../lib/time.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import {
  consoleNewsKeys,
  createNews,
  deleteNews,
  newsCategoriesQueryOptions,
  newsItemQueryOptions,
  newsListQueryOptions,
  setNewsStatus,
  updateNews,
} from '../api/console-news-api.ts';
import { consoleNewsErrorMessage, isStale } from '../components/console-news-errors.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { newsScreens } from '../console-news-screens.ts';

/** What the editor holds: each text per language, and the shared fields. */
type Draft = {
  title: Record<string, string>;
  summary: Record<string, string>;
  content: Record<string, string>;
  cover: string;
  author: string;
  categoryId: string;
  weight: string;
};

const emptyDraft: Draft = {
  title: {},
  summary: {},
  content: {},
  cover: '',
  author: '',
  categoryId: '',
  weight: '0',
};

/** A localized value as a language map (a plain string counts for every language's first). */
function asMap(value: LocalizedText, languages: string[]): Record<string, string> {
  if (typeof value !== 'string') return { ...value };
  return value && languages[0] ? { [languages[0]]: value } : {};
}

/** The editor's draft of a stored item, its bodies inflated from their RichTextWire (§5). */
async function draftOf(item: ConsoleNewsDetail, languages: string[]): Promise<Draft> {
  const bodies = await Promise.all(
    Object.entries(item.content).map(async ([lang, wire]) => [lang, await readRichText(wire)] as const),
  );
  return {
    title: asMap(item.title, languages),
    summary: asMap(item.summary, languages),
    content: Object.fromEntries(bodies),
    cover: item.cover,
    author: item.author,
    categoryId: item.category_id?.$id ?? '',
    weight: String(item.weight),
  };
}

/** Right-to-left languages among the twenty (the editor's text direction per tab). */
const rtlLanguages = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * `#/console/meetings/:meetingId/news/:newsId` (`new` for a new item; DESIGN §7, §3 News): title,
 * summary and body per enabled language (a tab each), cover and images by upload, category, byline
 * and weight; save as draft, publish now, schedule (the queue publishes at the time, in the
 * meeting's zone), unpublish and delete. Every save names the version it read: when someone saved
 * meanwhile the server answers 409 and the screen offers to reload their version.
 */
function NewsEditorRoute() {
  const { t } = useTranslation('console-news');
  const uiLanguage = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { meetingId = '', newsId = 'new' } = useParams();
  const isNew = newsId === 'new';
  const timeZone = useConsole().meeting?.time_zone ?? 'UTC';
  const list = useQuery(newsListQueryOptions(meetingId));
  const categories = useQuery(newsCategoriesQueryOptions(meetingId));
  const item = useQuery({ ...newsItemQueryOptions(meetingId, newsId), enabled: !isNew });
  const languages = list.data?.languages ?? [];

  const [draft, setDraft] = useState<Draft | null>(isNew ? emptyDraft : null);
  const [loadCount, setLoadCount] = useState(0);
  const [version, setVersion] = useState<number | null>(null);
  const [status, setStatus] = useState<NewsStatus>('draft');
  const [publishAt, setPublishAt] = useState<number | null>(null);
  const [scheduleInput, setScheduleInput] = useState('');
  const [tab, setTab] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [isConflict, setConflict] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const scheduleId = useId();
  const categoryId = useId();

  // Load the stored item into the draft once (and again after "reload" on a conflict).
  useEffect(() => {
    if (isNew || !item.data || languages.length === 0) return;
    // What this screen just saved is already in the draft: only a newer version (a reload) is loaded.
    if (item.data.version === version) return;
    let isCurrent = true;
    const data = item.data;
    void draftOf(data, languages).then((loaded) => {
      if (!isCurrent) return;
      setDraft(loaded);
      setVersion(data.version);
      setStatus(data.status);
      setPublishAt(data.publish_at);
      setScheduleInput(data.publish_at ? toZonedInput(data.publish_at, timeZone) : '');
      setLoadCount((count) => count + 1);
    });
    return () => {
      isCurrent = false;
    };
  }, [isNew, item.data, languages, timeZone, version]);

  // The tab chosen, else the display language when the item is written in it (or new), else the
  // first language it is written in.
  const written = (code: string) => Boolean(draft?.title[code]?.trim() || draft?.content[code]?.trim());
  const activeTab =
    tab && languages.includes(tab)
      ? tab
      : ((languages.includes(uiLanguage) && (written(uiLanguage) || !languages.some(written))
          ? uiLanguage
          : (languages.find(written) ?? languages[0])) ?? '');
  const change = (patch: Partial<Draft>) =>
    setDraft((current) => (current ? { ...current, ...patch } : current));
  const changeText = (field: 'title' | 'summary' | 'content', value: string) =>
    setDraft((current) =>
      current ? { ...current, [field]: { ...current[field], [activeTab]: value } } : current,
    );

  const upload = async (file: File, onProgress?: (fraction: number) => void): Promise<string> => {
    try {
      return (await uploadImage(file, 'image', onProgress)).url;
    } catch (error) {
      showToast(consoleNewsErrorMessage(error, t));
      throw error;
    }
  };

  const fields = (current: Draft) => ({
    title: current.title,
    summary: current.summary,
    content: current.content,
    cover: current.cover,
    author: current.author,
    category_id: current.categoryId,
    weight: Number.parseInt(current.weight, 10) || 0,
  });

  const applySaved = (saved: ConsoleNewsDetail) => {
    setVersion(saved.version);
    setStatus(saved.status);
    setPublishAt(saved.publish_at);
    queryClient.setQueryData(consoleNewsKeys.item(meetingId, saved._id.$id), saved);
    void queryClient.invalidateQueries({ queryKey: consoleNewsKeys.list(meetingId) });
  };

  /** Saves the draft (creating the item when new) and then, if asked, changes its state. */
  const run = async (next?: { status: NewsStatus; publish_at?: number }) => {
    if (!draft) return;
    if (next?.status === 'scheduled' && next.publish_at === undefined) {
      showToast(t('errors.publishAtInvalid'));
      return;
    }
    setIsBusy(true);
    try {
      let saved =
        version === null
          ? await createNews(meetingId, fields(draft))
          : await updateNews(meetingId, newsId, { ...fields(draft), version });
      if (next) saved = await setNewsStatus(meetingId, saved._id.$id, { version: saved.version, ...next });
      applySaved(saved);
      showToast(
        next?.status === 'published'
          ? t('editor.published')
          : next?.status === 'scheduled'
            ? t('editor.scheduled')
            : next?.status === 'draft'
              ? t('editor.unpublished')
              : t('editor.saved'),
      );
      if (version === null) navigate(newsScreens.editor(meetingId, saved._id.$id), { replace: true });
    } catch (error) {
      if (isStale(error)) setConflict(true);
      else showToast(consoleNewsErrorMessage(error, t));
    } finally {
      setIsBusy(false);
    }
  };

  const reload = async () => {
    setConflict(false);
    await item.refetch();
  };

  const remove = async () => {
    if (version === null) return;
    setIsBusy(true);
    try {
      await deleteNews(meetingId, newsId, version);
      await queryClient.invalidateQueries({ queryKey: consoleNewsKeys.list(meetingId) });
      showToast(t('editor.deleted'));
      navigate(newsScreens.list(meetingId), { replace: true });
    } catch (error) {
      setDeleting(false);
      if (isStale(error)) setConflict(true);
      else showToast(consoleNewsErrorMessage(error, t));
    } finally {
      setIsBusy(false);
    }
  };

  const heading = isNew ? t('editor.newTitle') : t('editor.editTitle');
  if (list.isError || item.isError) {
    return (
      <ConsolePage title={heading}>
        <Card>
          <ConsoleErrorState
            error={list.error ?? item.error}
            onRetry={() => void Promise.all([list.refetch(), isNew ? null : item.refetch()])}
          />
        </Card>
      </ConsolePage>
    );
  }
  if (!draft || languages.length === 0) {
    return (
      <ConsolePage title={heading}>
        <Card>
          <TableSkeleton rows={6} />
        </Card>
      </ConsolePage>
    );
  }

  const scheduleSeconds = fromZonedInput(scheduleInput, timeZone);
  const languageName = (code: string) => {
    try {
      return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const dir = rtlLanguages.has(activeTab) ? 'rtl' : 'ltr';

  return (
    <ConsolePage
      title={heading}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge status={status} />
          {status === 'scheduled' && publishAt
            ? t('editor.scheduledFor', {
                time: `${formatDate(publishAt * 1000, timeZone, uiLanguage)} ${clockTime(publishAt * 1000, timeZone, uiLanguage)}`,
              })
            : null}
        </span>
      }
      testId="console-news-editor"
      actions={
        <>
          <ButtonLink to={newsScreens.list(meetingId)} variant="secondary" size="sm">
            {t('editor.back')}
          </ButtonLink>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void run()}
            disabled={isBusy}
            data-testid="news-save"
          >
            {t('editor.save')}
          </Button>
          <Button
            size="sm"
            onClick={() => void run({ status: 'published' })}
            disabled={isBusy}
            data-testid="news-publish"
          >
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {status === 'published' ? t('editor.saveAndPublish') : t('editor.publish')}
          </Button>
        </>
      }
    >
      {isConflict ? (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-card bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="news-conflict"
        >
          <p>{t('errors.stale')}</p>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => setConflict(false)}>
              <X aria-hidden="true" className="size-4" />
              {t('editor.keepMine')}
            </Button>
            <Button size="sm" onClick={() => void reload()}>
              <RotateCw aria-hidden="true" className="size-4" />
              {t('editor.reload')}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="grid gap-5 desk:grid-cols-[minmax(0,1fr)_300px]">
        <Card className="min-w-0 p-4 desk:p-5">
          <LanguageTabs
            languages={languages}
            value={activeTab}
            onChange={setTab}
            labelOf={languageName}
            isWritten={written}
            label={t('editor.languages')}
            writtenLabel={t('editor.written')}
            testIdPrefix="news-lang-"
            className="mb-4"
          />
          <div className="space-y-4" role="tabpanel" lang={activeTab} dir={dir}>
            <Field
              label={t('editor.titleLabel')}
              value={draft.title[activeTab] ?? ''}
              maxLength={textLimits.title}
              onChange={(event) => changeText('title', event.target.value)}
              data-testid="news-title-input"
            />
            <label className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-slate-700">{t('editor.summaryLabel')}</span>
              <textarea
                value={draft.summary[activeTab] ?? ''}
                maxLength={textLimits.description}
                rows={2}
                onChange={(event) => changeText('summary', event.target.value)}
                className="rounded-xl bg-white px-3.5 py-2.5 text-[15px] ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
                data-testid="news-summary-input"
              />
            </label>
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-slate-700">{t('editor.bodyLabel')}</span>
              <RichTextEditor
                key={`${activeTab}-${loadCount}`}
                value={draft.content[activeTab] ?? ''}
                onChange={(html) => changeText('content', html)}
                onUploadImage={(file) => upload(file)}
                label={t('editor.bodyLabel')}
                dir={dir}
                testId="news-body-input"
              />
            </div>
          </div>
        </Card>

        <div className="space-y-5">
          <Card className="space-y-3 p-4">
            <h2 className="text-sm font-semibold text-slate-900">{t('editor.cover')}</h2>
            {draft.cover ? (
              <div className="relative">
                <img src={draft.cover} alt="" className="aspect-[16/9] w-full rounded-lg object-cover" />
                <Button
                  size="sm"
                  variant="secondary"
                  className="absolute top-2 end-2"
                  onClick={() => change({ cover: '' })}
                  aria-label={t('editor.removeCover')}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </div>
            ) : null}
            <label className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-600 hover:bg-slate-50">
              <ImagePlus aria-hidden="true" className="size-4" />
              {coverProgress !== null
                ? t('editor.uploading', { percent: Math.round(coverProgress * 100) })
                : draft.cover
                  ? t('editor.replaceCover')
                  : t('editor.uploadCover')}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="sr-only"
                data-testid="news-cover-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (!file) return;
                  setCoverProgress(0);
                  upload(file, setCoverProgress)
                    .then((url) => change({ cover: url }))
                    .catch(() => {})
                    .finally(() => setCoverProgress(null));
                }}
              />
            </label>
          </Card>

          <Card className="space-y-4 p-4">
            <label className="flex flex-col gap-1.5" htmlFor={categoryId}>
              <span className="text-sm font-medium text-slate-700">{t('editor.category')}</span>
              <select
                id={categoryId}
                value={draft.categoryId}
                onChange={(event) => change({ categoryId: event.target.value })}
                className="h-11 rounded-xl bg-white px-3 text-[15px] ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
              >
                <option value="">{t('editor.noCategory')}</option>
                {(categories.data?.items ?? []).map((category) => (
                  <option key={category._id.$id} value={category._id.$id}>
                    {localize(category.title, uiLanguage)}
                  </option>
                ))}
              </select>
            </label>
            <Field
              label={t('editor.author')}
              value={draft.author}
              maxLength={textLimits.name}
              onChange={(event) => change({ author: event.target.value })}
            />
            <Field
              label={t('editor.weight')}
              hint={t('editor.weightHint')}
              type="number"
              inputMode="numeric"
              value={draft.weight}
              onChange={(event) => change({ weight: event.target.value })}
            />
          </Card>

          <Card className="space-y-3 p-4">
            <h2 className="text-sm font-semibold text-slate-900">{t('editor.scheduleHeading')}</h2>
            <label className="flex flex-col gap-1.5" htmlFor={scheduleId}>
              <span className="text-xs text-slate-500">{t('editor.scheduleHint', { zone: timeZone })}</span>
              <input
                id={scheduleId}
                type="datetime-local"
                value={scheduleInput}
                onChange={(event) => setScheduleInput(event.target.value)}
                className="h-11 rounded-xl bg-white px-3 text-[15px] ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
                data-testid="news-schedule-input"
              />
            </label>
            <Button
              size="sm"
              variant="secondary"
              className="w-full"
              disabled={isBusy || scheduleSeconds === null}
              onClick={() =>
                void run(
                  scheduleSeconds === null ? undefined : { status: 'scheduled', publish_at: scheduleSeconds },
                )
              }
              data-testid="news-schedule"
            >
              <CalendarClock aria-hidden="true" className="size-4" />
              {t('editor.schedule')}
            </Button>
            {status !== 'draft' ? (
              <Button
                size="sm"
                variant="secondary"
                className="w-full"
                disabled={isBusy}
                onClick={() => void run({ status: 'draft' })}
                data-testid="news-unpublish"
              >
                <Undo2 aria-hidden="true" className="size-4" />
                {t('editor.unpublish')}
              </Button>
            ) : null}
            {!isNew ? (
              <Button
                size="sm"
                variant="ghost"
                className="w-full text-red-600 hover:bg-red-50"
                disabled={isBusy}
                onClick={() => setDeleting(true)}
                data-testid="news-delete"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t('editor.delete')}
              </Button>
            ) : null}
          </Card>
        </div>
      </div>

      <ConfirmDialog
        isOpen={isDeleting}
        title={t('editor.deleteTitle')}
        body={t('editor.deleteBody')}
        confirmLabel={t('editor.delete')}
        cancelLabel={t('editor.cancel')}
        isBusy={isBusy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </ConsolePage>
  );
}

export const Component = NewsEditorRoute;
