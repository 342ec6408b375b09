import type { ConsoleMeeting } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConsoleErrorState, ConsolePage } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { SkeletonText } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { isKnownZone } from '../../../lib/zoned-input.ts';
import {
  archiveMeeting,
  deleteMeeting,
  meetingSettingsKey,
  meetingSettingsQueryOptions,
  restoreMeeting,
  updateMeeting,
} from '../api/meetings.ts';
import { compactMap } from '../components/localized-input.tsx';
import { PhonePreview } from '../components/phone-preview.tsx';
import {
  type DraftField,
  draftOf,
  fieldOfMessage,
  inputOf,
  type SettingsDraft,
} from '../components/settings-draft.ts';
import {
  GeneralSection,
  Group,
  SharingSection,
  ThemeSection,
  WordingSection,
} from '../components/settings-sections.tsx';

type Tab = 'general' | 'theme' | 'wording' | 'sharing' | 'danger';

/**
 * `#/console/meetings/:meetingId/settings` (DESIGN §7, §3 Meeting): every field the app reads, in
 * tabs, with a live phone mock of the home beside the form on desktop; saves send the `updated_at`
 * read, so a second organiser's save gets 'changed by someone else, reload'. The danger zone
 * archives, deletes (with confirmation) and restores, for owners.
 */
export function Component() {
  const { t } = useTranslation('console-meetings');
  const { meetingId = '' } = useParams();
  const query = useQuery(meetingSettingsQueryOptions(meetingId));
  const [tab, setTab] = useState<Tab>('general');
  return (
    <ConsolePage
      title={t('settings.title')}
      description={t('settings.description')}
      testId="meeting-settings"
    >
      {query.isPending ? (
        <SkeletonText lines={8} />
      ) : query.isError ? (
        <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm key={query.data.updated_at_ms} meeting={query.data} tab={tab} setTab={setTab} />
      )}
    </ConsolePage>
  );
}

function SettingsForm({
  meeting,
  tab,
  setTab,
}: {
  meeting: ConsoleMeeting;
  tab: Tab;
  setTab: (tab: Tab) => void;
}) {
  const { t } = useTranslation('console-meetings');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(meeting));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [isSaving, setIsSaving] = useState(false);
  const [isStale, setIsStale] = useState(false);
  const [isDirty, setIsDirty] = useState(false);
  const meetingId = meeting._id.$id;

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const set = (patch: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setIsDirty(true);
  };

  const accept = (saved: ConsoleMeeting) => {
    queryClient.setQueryData(meetingSettingsKey(meetingId), saved);
    void queryClient.invalidateQueries({ queryKey: ['console', 'me'] });
  };

  const validate = (): Partial<Record<DraftField, string>> => {
    const found: Partial<Record<DraftField, string>> = {};
    if (Object.keys(compactMap(draft.title)).length === 0) found.title = t('errors.titleRequired');
    if (!isKnownZone(draft.timeZone)) found.timeZone = t('errors.timeZone');
    if (draft.start && draft.end && draft.end < draft.start) found.end = t('errors.endBeforeStart');
    if (draft.languages.length === 0) found.languages = t('errors.languages');
    for (const key of ['themeColor', 'mainButtonColor'] as const) {
      if (draft[key] !== '' && !/^#[0-9a-f]{6}$/i.test(draft[key])) found[key] = t('errors.colour');
    }
    return found;
  };

  const save = async () => {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast(t('errors.fixFields'));
      return;
    }
    setIsSaving(true);
    try {
      const saved = await updateMeeting(meetingId, meeting.updated_at_ms, inputOf(draft));
      setIsDirty(false);
      showToast(t('settings.saved'));
      accept(saved);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict.stale') setIsStale(true);
      else if (error instanceof ApiError && error.code === 'conflict.already_used') {
        setErrors({ domain: t('errors.domainTaken') });
        setTab('general');
      } else if (error instanceof ApiError && error.status === 400 && fieldOfMessage(error.message)) {
        const field = fieldOfMessage(error.message) as DraftField;
        setErrors({ [field]: t(`errors.field.${field}`) });
        setTab(
          field === 'themeColor' || field === 'mainButtonColor' || field === 'languages'
            ? 'theme'
            : 'general',
        );
      } else showToast(apiErrorMessage(error, tc));
    } finally {
      setIsSaving(false);
    }
  };

  const reload = () => {
    setIsStale(false);
    setIsDirty(false);
    void queryClient.invalidateQueries({ queryKey: meetingSettingsKey(meetingId) });
  };

  const tabs: { value: Tab; label: string }[] = [
    { value: 'general', label: t('settings.tabGeneral') },
    { value: 'theme', label: t('settings.tabTheme') },
    { value: 'wording', label: t('settings.tabWording') },
    { value: 'sharing', label: t('settings.tabSharing') },
    { value: 'danger', label: t('settings.tabDanger') },
  ];
  const sectionProps = { draft, set, errors };
  const previewValues = {
    title: compactMap(draft.title),
    cover: draft.cover,
    language,
    config: inputOf(draft).config ?? {},
    exhibition: {
      ...inputOf(draft).exhibition,
      exhibitor_txt: compactMap(draft.exhibitorTxt),
      exhibit_txt: undefined,
      exhibition_txt: undefined,
    },
  };

  return (
    <div className="flex flex-col gap-4">
      {meeting.deleted === 1 ? (
        <p role="status" className="rounded-card bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {t('danger.deletedBanner')}
        </p>
      ) : meeting.old === 1 ? (
        <p
          role="status"
          className="rounded-card bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {t('danger.archivedBanner')}
        </p>
      ) : null}
      {isStale ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="settings-stale"
        >
          <span>{t('errors.stale')}</span>
          <Button size="sm" variant="secondary" onClick={reload}>
            {t('actions.reload')}
          </Button>
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <Tabs
          label={t('settings.tabsLabel')}
          items={tabs}
          value={tab}
          onChange={(value) => setTab(value as Tab)}
        />
      </div>
      <div className="grid items-start gap-6 desk:grid-cols-[minmax(0,1fr)_290px]">
        <div className="flex min-w-0 flex-col gap-4">
          {tab === 'general' ? <GeneralSection {...sectionProps} /> : null}
          {tab === 'theme' ? <ThemeSection {...sectionProps} /> : null}
          {tab === 'wording' ? <WordingSection {...sectionProps} /> : null}
          {tab === 'sharing' ? <SharingSection {...sectionProps} /> : null}
          {tab === 'danger' ? (
            <DangerZone meeting={meeting} onChanged={accept} onStale={() => setIsStale(true)} />
          ) : null}
          {tab === 'danger' ? null : (
            <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-slate-50/95 py-3">
              <Button variant="secondary" disabled={!isDirty || isSaving} onClick={reload}>
                {t('actions.discard')}
              </Button>
              <Button onClick={() => void save()} disabled={isSaving} data-testid="settings-save">
                {isSaving ? t('actions.saving') : t('actions.save')}
              </Button>
            </div>
          )}
        </div>
        <div className="hidden desk:sticky desk:top-4 desk:block">
          <PhonePreview values={previewValues} />
        </div>
      </div>
    </div>
  );
}

type DangerAction = 'archive' | 'unarchive' | 'delete' | 'restore';

/** Archive / un-archive, delete (soft, confirmed) and restore (§3 old, deleted), for owners. */
function DangerZone({
  meeting,
  onChanged,
  onStale,
}: {
  meeting: ConsoleMeeting;
  onChanged: (saved: ConsoleMeeting) => void;
  /** A 409 conflict.stale: the screen shows 'changed by someone else' with its reload button. */
  onStale: () => void;
}) {
  const { t } = useTranslation('console-meetings');
  const { t: tc } = useTranslation('common');
  const { me, meeting: summary } = useConsole();
  const [pending, setPending] = useState<DangerAction | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const meetingId = meeting._id.$id;
  const canArchive = me.is_admin === 1 || (summary?.actions ?? []).includes('meeting.archive');

  const run = async (action: DangerAction) => {
    setIsBusy(true);
    try {
      const saved =
        action === 'archive' || action === 'unarchive'
          ? await archiveMeeting(meetingId, action === 'archive' ? 1 : 0, meeting.updated_at_ms)
          : action === 'delete'
            ? await deleteMeeting(meetingId)
            : await restoreMeeting(meetingId);
      showToast(t(`danger.done.${action}`));
      onChanged(saved);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'meeting.not_archived')
        showToast(t('danger.archiveFirst'));
      else if (error instanceof ApiError && error.code === 'conflict.stale') {
        showToast(t('errors.stale'));
        onStale();
      } else if (error instanceof ApiError && error.code === 'conflict.already_used')
        showToast(t('errors.domainTaken'));
      else showToast(apiErrorMessage(error, tc));
    } finally {
      setIsBusy(false);
      setPending(null);
    }
  };

  if (!canArchive) {
    return (
      <Group title={t('danger.title')}>
        <p className="text-sm text-slate-600">{t('danger.ownersOnly')}</p>
      </Group>
    );
  }
  const needsArchive = meeting.tickets_total > 0 && meeting.old === 0;
  return (
    <Group title={t('danger.title')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-800">
            {meeting.old === 1 ? t('danger.unarchiveTitle') : t('danger.archiveTitle')}
          </p>
          <p className="text-[13px] text-slate-500">{t('danger.archiveHint')}</p>
        </div>
        <Button variant="secondary" onClick={() => setPending(meeting.old === 1 ? 'unarchive' : 'archive')}>
          {meeting.old === 1 ? t('danger.unarchive') : t('danger.archive')}
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-800">
            {meeting.deleted === 1 ? t('danger.restoreTitle') : t('danger.deleteTitle')}
          </p>
          <p className="text-[13px] text-slate-500">
            {meeting.deleted === 1
              ? t('danger.restoreHint')
              : needsArchive
                ? t('danger.deleteNeedsArchive', { tickets: meeting.tickets_total })
                : t('danger.deleteHint')}
          </p>
        </div>
        {meeting.deleted === 1 ? (
          <Button onClick={() => setPending('restore')}>{t('danger.restore')}</Button>
        ) : (
          <Button
            variant="secondary"
            className="text-red-700"
            disabled={needsArchive}
            onClick={() => setPending('delete')}
            data-testid="meeting-delete"
          >
            {t('danger.delete')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending ? t(`danger.confirm.${pending}`) : ''}
        body={pending === 'delete' ? t('danger.confirmDeleteBody') : undefined}
        confirmLabel={pending ? t(`danger.${pending}`) : ''}
        cancelLabel={t('actions.cancel')}
        isBusy={isBusy}
        onConfirm={() => pending && void run(pending)}
        onCancel={() => setPending(null)}
      />
    </Group>
  );
}
