import type { ConsoleActivity } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { activitiesKey, activityKey, activityQuery, updateActivity } from '../api/console-activities.ts';
import {
  ActivityDetailsFields,
  type ActivityDraft,
  ActivityGroupFields,
  draftOf,
} from '../components/activity-fields.tsx';
import { ActivityPage, activityScreens } from '../components/activity-page.tsx';
import { isStale, useSaveError } from '../components/editor-parts.tsx';
import { FormBuilderTab } from '../components/form-builder-tab.tsx';
import { InvitationsTab } from '../components/invitations-tab.tsx';
import { PricesTab } from '../components/prices-tab.tsx';
import { SourcesTab } from '../components/sources-tab.tsx';
import { StatusBadges } from '../components/status-badges.tsx';

const tabs = ['details', 'prices', 'sources', 'form', 'groups', 'invites'] as const;
type Tab = (typeof tabs)[number];

/**
 * The fields tabs (details, groups) share one draft and one save: PUT replaces every field, with
 * the `updated_at_ms` read (409 'changed by someone else, reload' when someone saved since).
 */
function FieldsEditor({
  activity,
  tab,
  ids,
}: {
  activity: ConsoleActivity;
  tab: 'details' | 'groups';
  ids: Ids;
}) {
  const { t } = useTranslation('console-activities');
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  const [draft, setDraft] = useState<ActivityDraft>(() => draftOf(activity));
  const [isBusy, setIsBusy] = useState(false);
  const [isStaleShown, setIsStaleShown] = useState(false);
  const change = (patch: Partial<ActivityDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const reload = async () => {
    setIsStaleShown(false);
    const fresh = await queryClient.fetchQuery({ ...activityQuery(ids), staleTime: 0 });
    setDraft(draftOf(fresh));
  };
  const save = async () => {
    if (draft.end < draft.start) return showToast(t('errors.endBeforeStart'));
    setIsBusy(true);
    try {
      const saved = await updateActivity(ids, { ...draft, updated_at_ms: activity.updated_at_ms });
      queryClient.setQueryData(activityKey(ids), saved);
      await queryClient.invalidateQueries({ queryKey: activitiesKey(ids.meetingId), exact: true });
      showToast(t('states.saved'));
    } catch (error) {
      if (isStale(error)) setIsStaleShown(true);
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      {isStaleShown ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-card bg-amber-50 p-3 text-[14px] text-amber-800"
        >
          {t('errors.stale')}
          <Button size="sm" variant="secondary" onClick={reload}>
            {t('actions.reload')}
          </Button>
        </div>
      ) : null}
      {tab === 'details' ? (
        <ActivityDetailsFields draft={draft} onChange={change} timeZone={activity.meeting.time_zone} />
      ) : (
        <ActivityGroupFields draft={draft} onChange={change} />
      )}
      <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-slate-100 bg-white/90 px-4 py-3 backdrop-blur desk:static desk:mx-0 desk:border-0 desk:bg-transparent desk:px-0">
        <Button onClick={save} disabled={isBusy} data-testid="activity-save">
          {t('actions.save')}
        </Button>
      </div>
    </div>
  );
}

type Ids = { meetingId: string; activityId: string };

/**
 * One activity in the console (DESIGN §7, §3, §5, §6) in tabs: details (every field, date-times
 * in the meeting's time zone), ticket types, sources (share link + QR), the registration form
 * builder, group settings and invitations.
 */
export function Component() {
  const { t } = useTranslation('console-activities');
  const language = useLanguage();
  const { meetingId = '', activityId = '' } = useParams();
  const ids = { meetingId, activityId };
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'details';
  const activity = useQuery(activityQuery(ids));
  const back = (
    <ButtonLink to={activityScreens.list(meetingId)} variant="secondary" size="sm">
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('editor.back')}
    </ButtonLink>
  );

  if (activity.isPending) {
    return (
      <ActivityPage title={t('editor.loading')} actions={back}>
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </ActivityPage>
    );
  }
  if (activity.isError) {
    const error = activity.error;
    const status = error instanceof ApiError ? error.status : 0;
    return (
      <ActivityPage title={t('editor.title')} actions={back}>
        {status === 404 ? (
          <EmptyState title={t('errors.notFound')} />
        ) : status === 403 ? (
          <EmptyState title={t('errors.noPermission')} />
        ) : (
          <ErrorState onRetry={() => activity.refetch()} />
        )}
      </ActivityPage>
    );
  }

  const data = activity.data;
  return (
    <ActivityPage
      title={localize(data.title, language) || t('list.untitled')}
      description={<StatusBadges activity={data} />}
      actions={back}
      testId="console-activity-editor"
    >
      <Tabs
        label={t('editor.tabs')}
        className="mb-5"
        value={tab}
        onChange={(value) => setSearch({ tab: value }, { replace: true })}
        items={tabs.map((value) => ({ value, label: t(`tabs.${value}` as 'tabs.details') }))}
      />
      <div role="tabpanel" aria-label={t(`tabs.${tab}` as 'tabs.details')}>
        {tab === 'details' || tab === 'groups' ? (
          <FieldsEditor key={`${tab}-${data.updated_at_ms}`} activity={data} tab={tab} ids={ids} />
        ) : tab === 'prices' ? (
          <PricesTab ids={ids} activity={data} />
        ) : tab === 'sources' ? (
          <SourcesTab ids={ids} />
        ) : tab === 'form' ? (
          <FormBuilderTab ids={ids} activity={data} />
        ) : (
          <InvitationsTab ids={ids} activity={data} />
        )}
      </div>
    </ActivityPage>
  );
}
