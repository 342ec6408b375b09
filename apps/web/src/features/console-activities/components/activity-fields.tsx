import type { ConsoleActivity, LocalizedText } from '@app/contracts';
import { ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useImageUpload } from '../../../lib/api/upload-image.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import { FlagSwitch, inputClass, Labelled, LocalizedInput, NumberInput, Section } from './editor-parts.tsx';

/**
 * The activity's own fields (§3 Activity) as the editor holds them: times in unix seconds
 * (`registration_start` and `deadline` 0 = none), `max` 0 = no limit, flags 0/1.
 */
export type ActivityDraft = {
  title: LocalizedText;
  description: LocalizedText;
  address: LocalizedText;
  covers: string[];
  start: number;
  end: number;
  registration_start: number;
  deadline: number;
  max: number;
  offline: 0 | 1;
  enable_show: 0 | 1;
  enable_registration_entrance: 0 | 1;
  is_review: 0 | 1;
  enable_resubmit_answer: 0 | 1;
  enable_deadline_answer: 0 | 1;
  privacy: 0 | 1;
  enable_agent: 0 | 1;
  agent_checkout_version: 'v1' | 'v2';
  agent_max_members: number;
  weight: number;
};

/** The draft of an activity as read. */
export function draftOf(activity: ConsoleActivity): ActivityDraft {
  return {
    title: activity.title,
    description: activity.description,
    address: activity.address,
    covers: activity.covers,
    start: activity.start,
    end: activity.end,
    registration_start: activity.registration_start,
    deadline: activity.deadline,
    max: activity.max,
    offline: activity.offline,
    enable_show: activity.enable_show,
    enable_registration_entrance: activity.enable_registration_entrance,
    is_review: activity.is_review,
    enable_resubmit_answer: activity.enable_resubmit_answer,
    enable_deadline_answer: activity.enable_deadline_answer,
    privacy: activity.privacy,
    enable_agent: activity.enable_agent,
    agent_checkout_version: activity.agent_checkout_version,
    agent_max_members: activity.agent_max_members,
    weight: activity.weight,
  };
}

/** A new activity's draft: starts tomorrow at 09:00 UTC for two hours, shown, open, on site. */
export function emptyDraft(now: number): ActivityDraft {
  const start = (Math.floor(now / 86_400) + 1) * 86_400 + 9 * 3600;
  return {
    title: { en: '' },
    description: '',
    address: '',
    covers: [],
    start,
    end: start + 2 * 3600,
    registration_start: 0,
    deadline: 0,
    max: 0,
    offline: 1,
    enable_show: 1,
    enable_registration_entrance: 1,
    is_review: 0,
    enable_resubmit_answer: 0,
    enable_deadline_answer: 0,
    privacy: 0,
    enable_agent: 0,
    agent_checkout_version: 'v1',
    agent_max_members: 20,
    weight: 0,
  };
}

type DraftProps = {
  draft: ActivityDraft;
  onChange: (patch: Partial<ActivityDraft>) => void;
  timeZone: string;
};

/** A date-time of the meeting's zone; `isOptional` lets it be cleared (0 = none). */
function ZonedField({
  label,
  hint,
  value,
  timeZone,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  value: number;
  timeZone: string;
  onChange: (seconds: number) => void;
  testId?: string;
}) {
  return (
    <Labelled label={label} hint={hint}>
      {(id) => (
        <input
          id={id}
          type="datetime-local"
          dir="ltr"
          data-testid={testId}
          className={inputClass}
          value={toZonedInput(value, timeZone)}
          onChange={(event) => onChange(fromZonedInput(event.target.value, timeZone) ?? 0)}
        />
      )}
    </Labelled>
  );
}

/** Cover pictures: thumbnails with a remove button and an upload tile (§3 covers[]). */
function Covers({ covers, onChange }: { covers: string[]; onChange: (covers: string[]) => void }) {
  const { t } = useTranslation('console-activities');
  const { t: tc } = useTranslation('common');
  const { progress, upload } = useImageUpload('image', {
    onUploaded: (url) => onChange([...covers, url]),
    onError: (error) => showToast(apiErrorMessage(error, tc)),
  });
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-700">{t('fields.covers')}</span>
      <div className="flex flex-wrap items-start gap-3">
        {covers.map((url, index) => (
          <div key={url} className="relative">
            <img
              src={url}
              alt={t('fields.coverN', { n: index + 1 })}
              className="h-20 w-32 rounded-md object-cover ring-1 ring-slate-200"
            />
            <button
              type="button"
              aria-label={t('actions.removeCover', { n: index + 1 })}
              onClick={() => onChange(covers.filter((_, at) => at !== index))}
              className="absolute -top-2 -end-2 flex size-7 items-center justify-center rounded-full bg-white text-slate-600 shadow ring-1 ring-slate-200"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ))}
        {covers.length < 20 ? (
          <ImagePicker
            shape="square"
            label={t('actions.addCover')}
            hint={t('fields.coversHint')}
            progress={progress}
            onPick={upload}
            preview={
              <span className="flex h-20 w-32 items-center justify-center rounded-xl bg-slate-50 text-slate-400 ring-1 ring-slate-200 ring-dashed">
                <ImagePlus aria-hidden="true" className="size-6" />
              </span>
            }
          />
        ) : null}
      </div>
    </div>
  );
}

/** The details tab: every §3 field of an activity except the group settings. */
export function ActivityDetailsFields({ draft, onChange, timeZone }: DraftProps) {
  const { t } = useTranslation('console-activities');
  const flag = (key: keyof ActivityDraft) => ({
    value: draft[key] as 0 | 1,
    onChange: (value: 0 | 1) => onChange({ [key]: value }),
  });
  return (
    <div className="flex flex-col gap-4">
      <Section title={t('sections.basics')}>
        <div className="grid gap-4 desk:grid-cols-2">
          <LocalizedInput
            label={t('fields.title')}
            value={draft.title}
            maxLength={200}
            testId="activity-title"
            onChange={(title) => onChange({ title })}
          />
          <LocalizedInput
            label={t('fields.address')}
            value={draft.address}
            maxLength={200}
            onChange={(address) => onChange({ address })}
          />
          <div className="desk:col-span-2">
            <LocalizedInput
              label={t('fields.description')}
              value={draft.description}
              maxLength={2000}
              isMultiline
              onChange={(description) => onChange({ description })}
            />
          </div>
          <div className="desk:col-span-2">
            <Covers covers={draft.covers} onChange={(covers) => onChange({ covers })} />
          </div>
        </div>
      </Section>
      <Section title={t('sections.times')} description={t('sections.timesHint', { zone: timeZone })}>
        <div className="grid gap-4 desk:grid-cols-2">
          <ZonedField
            label={t('fields.start')}
            value={draft.start}
            timeZone={timeZone}
            testId="activity-start"
            onChange={(start) => onChange({ start })}
          />
          <ZonedField
            label={t('fields.end')}
            value={draft.end}
            timeZone={timeZone}
            onChange={(end) => onChange({ end })}
          />
          <ZonedField
            label={t('fields.registrationStart')}
            hint={t('fields.registrationStartHint')}
            value={draft.registration_start}
            timeZone={timeZone}
            onChange={(registration_start) => onChange({ registration_start })}
          />
          <ZonedField
            label={t('fields.deadline')}
            hint={t('fields.deadlineHint')}
            value={draft.deadline}
            timeZone={timeZone}
            onChange={(deadline) => onChange({ deadline })}
          />
        </div>
      </Section>
      <Section title={t('sections.registration')}>
        <div className="grid gap-4 desk:grid-cols-2">
          <NumberInput
            label={t('fields.max')}
            hint={t('fields.maxHint')}
            value={draft.max}
            onChange={(max) => onChange({ max: max ?? 0 })}
            testId="activity-max"
          />
          <NumberInput
            label={t('fields.weight')}
            hint={t('fields.weightHint')}
            value={draft.weight}
            min={-1_000_000}
            onChange={(weight) => onChange({ weight: weight ?? 0 })}
          />
        </div>
        <div className="mt-3 grid gap-x-8 divide-y divide-slate-100 desk:grid-cols-2 desk:divide-y-0">
          <FlagSwitch
            label={t('fields.enableShow')}
            hint={t('fields.enableShowHint')}
            {...flag('enable_show')}
          />
          <FlagSwitch label={t('fields.privacy')} hint={t('fields.privacyHint')} {...flag('privacy')} />
          <FlagSwitch label={t('fields.offline')} hint={t('fields.offlineHint')} {...flag('offline')} />
          <FlagSwitch
            label={t('fields.enableRegistrationEntrance')}
            hint={t('fields.enableRegistrationEntranceHint')}
            {...flag('enable_registration_entrance')}
          />
          <FlagSwitch label={t('fields.isReview')} hint={t('fields.isReviewHint')} {...flag('is_review')} />
          <FlagSwitch
            label={t('fields.enableResubmitAnswer')}
            hint={t('fields.enableResubmitAnswerHint')}
            {...flag('enable_resubmit_answer')}
          />
          <FlagSwitch
            label={t('fields.enableDeadlineAnswer')}
            hint={t('fields.enableDeadlineAnswerHint')}
            {...flag('enable_deadline_answer')}
          />
        </div>
      </Section>
    </div>
  );
}

/** The groups tab: group registration on or off, its flow version and the group size cap (§3, §9). */
export function ActivityGroupFields({ draft, onChange }: Omit<DraftProps, 'timeZone'>) {
  const { t } = useTranslation('console-activities');
  return (
    <Section title={t('sections.groups')} description={t('sections.groupsHint')}>
      <FlagSwitch
        label={t('fields.enableAgent')}
        hint={t('fields.enableAgentHint')}
        value={draft.enable_agent}
        onChange={(enable_agent) => onChange({ enable_agent })}
        testId="activity-enable-agent"
      />
      <div className="mt-3 grid gap-4 desk:grid-cols-2">
        <Labelled label={t('fields.agentCheckoutVersion')} hint={t('fields.agentCheckoutVersionHint')}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={draft.agent_checkout_version}
              onChange={(event) =>
                onChange({ agent_checkout_version: event.target.value === 'v2' ? 'v2' : 'v1' })
              }
            >
              <option value="v1">{t('fields.agentV1')}</option>
              <option value="v2">{t('fields.agentV2')}</option>
            </select>
          )}
        </Labelled>
        <NumberInput
          label={t('fields.agentMaxMembers')}
          hint={t('fields.agentMaxMembersHint')}
          value={draft.agent_max_members}
          min={1}
          onChange={(value) => onChange({ agent_max_members: value ?? 1 })}
        />
      </div>
    </Section>
  );
}
