import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { activitiesKey, createActivity } from '../api/console-activities.ts';
import {
  ActivityDetailsFields,
  type ActivityDraft,
  ActivityGroupFields,
  emptyDraft,
} from '../components/activity-fields.tsx';
import { ActivityPage, activityScreens } from '../components/activity-page.tsx';
import { useSaveError } from '../components/editor-parts.tsx';

/**
 * A new activity (§3): every field, date-times in the meeting's time zone; created with one free
 * ticket type, then the editor opens on it for ticket types, sources, the form and invitations.
 */
export function Component() {
  const { t } = useTranslation('console-activities');
  const { meetingId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  // The shell's meeting, loaded before any screen: a zone fetched again here read times in UTC
  // while it loaded or after it failed, and saved them off by the zone's offset.
  const zone = useConsole().meeting?.time_zone ?? 'UTC';
  const [draft, setDraft] = useState<ActivityDraft>(() => emptyDraft(Math.floor(Date.now() / 1000)));
  const [isBusy, setIsBusy] = useState(false);
  const change = (patch: Partial<ActivityDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const create = async () => {
    if (draft.end < draft.start) return showToast(t('errors.endBeforeStart'));
    setIsBusy(true);
    try {
      const created = await createActivity(meetingId, draft);
      await queryClient.invalidateQueries({ queryKey: activitiesKey(meetingId) });
      navigate(activityScreens.editor(meetingId, created._id.$id), { replace: true });
    } catch (error) {
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <ActivityPage
      title={t('new.title')}
      description={t('new.description')}
      testId="console-activity-new"
      actions={
        <>
          <ButtonLink to={activityScreens.list(meetingId)} variant="secondary" size="sm">
            {t('actions.cancel')}
          </ButtonLink>
          <Button size="sm" onClick={create} disabled={isBusy} data-testid="activity-create">
            {t('new.create')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <ActivityDetailsFields draft={draft} onChange={change} timeZone={zone} />
        <ActivityGroupFields draft={draft} onChange={change} />
      </div>
    </ActivityPage>
  );
}
