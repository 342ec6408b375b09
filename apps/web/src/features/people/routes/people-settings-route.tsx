import type { MeetingProfileSettings } from '@app/contracts';
import { peopleLimits } from '@app/contracts/wire/people-limits.ts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { usePavilionCategories } from '../../../lib/api/categories.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { currentUserQueryOptions } from '../../../lib/api/current-user.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { peoplePaths } from '../../../lib/people-paths.ts';
import { saveExposure, saveMeetingProfile, settingsOptions } from '../api/people.ts';

/**
 * /my/profile/people (§3 Exposure setting; §7 PUT /meeting/users/exposure, PUT
 * /users/{id}/meetings/{meeting_id}): "show me in the people directory" (needs participant
 * registration, §6), "allow card exchange", tags (≤ 10 of ≤ 20 characters), industry and a short
 * introduction; and a link to add and verify an e-mail (/my/email).
 */
export function Component() {
  const { ready } = useTranslation('people');
  const meetingId = idOf(useMeeting());
  const user = useQuery(currentUserQueryOptions(meetingId));
  const userId = user.data?._id.$id ?? '';
  const settings = useQuery({ ...settingsOptions(userId, meetingId), enabled: userId !== '' });
  if (!ready || user.isPending || (userId && settings.isPending)) {
    return (
      <div className="mx-auto max-w-[720px] space-y-4 p-4 desk:py-8" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (user.isError || settings.isError || !settings.data) {
    return <ErrorState onRetry={() => void (user.isError ? user.refetch() : settings.refetch())} />;
  }
  return (
    <SettingsForm
      userId={userId}
      meetingId={meetingId}
      settings={settings.data}
      email={user.data?.contact.email ?? ''}
    />
  );
}

function Toggle({
  label,
  hint,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 p-4">
      <label htmlFor={id} className="min-w-0">
        <span className="block text-[15px] font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-500">{hint}</span>
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 accent-[var(--app-primary)]"
      />
    </div>
  );
}

function SettingsForm({
  userId,
  meetingId,
  settings,
  email,
}: {
  userId: string;
  meetingId: string;
  settings: MeetingProfileSettings;
  email: string;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const industries = usePavilionCategories(meetingId, 'industry');
  const [exposure, setExposure] = useState(settings.exposure === 1);
  const [cards, setCards] = useState(settings.card_exchange === 1);
  const [tags, setTags] = useState<string[]>(settings.tags);
  const [tagDraft, setTagDraft] = useState('');
  const [industryId, setIndustryId] = useState(settings.industry_id?.$id ?? '');
  const [introduction, setIntroduction] = useState(settings.introduction);
  const [isBusy, setBusy] = useState(false);
  const ids = { tags: useId(), industry: useId(), intro: useId() };

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['people'] });
  const toggle = async (body: { exposure?: 0 | 1; card_exchange?: 0 | 1 }) => {
    try {
      const saved = await saveExposure(body);
      setExposure(saved.exposure === 1);
      setCards(saved.card_exchange === 1);
      showToast(t('settings.saved'));
      void refresh();
    } catch (error) {
      showToast(
        error instanceof ApiError && error.code === 'participant.required'
          ? t('settings.participantRequired')
          : apiErrorMessage(error, tc),
      );
    }
  };
  const addTag = () => {
    const tag = tagDraft.trim().replace(/,/g, '');
    if (!tag) return;
    if (
      !tags.some((existing) => existing.toLowerCase() === tag.toLowerCase()) &&
      tags.length < peopleLimits.tags
    ) {
      setTags([...tags, tag.slice(0, peopleLimits.tag)]);
    }
    setTagDraft('');
  };
  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTag();
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const pending = tagDraft.trim() ? [...tags, tagDraft.trim()].slice(0, peopleLimits.tags) : tags;
      const saved = await saveMeetingProfile(userId, meetingId, {
        industry_id: industryId,
        introduction: introduction.trim(),
        tags: pending,
      });
      setTags(saved.tags);
      setTagDraft('');
      queryClient.setQueryData(settingsOptions(userId, meetingId).queryKey, saved);
      void refresh();
      showToast(t('settings.saved'));
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={t('pages.settings')} subtitle={t('settings.intro')} />
      <section className="divide-y divide-slate-100 rounded-card bg-white shadow-sm ring-1 ring-slate-100">
        <Toggle
          label={t('settings.exposure')}
          hint={settings.is_participant ? t('settings.exposureHint') : t('settings.participantRequired')}
          checked={exposure}
          disabled={!settings.is_participant && !exposure}
          onChange={(checked) => void toggle({ exposure: checked ? 1 : 0 })}
          testId="exposure-switch"
        />
        <Toggle
          label={t('settings.cardExchange')}
          hint={t('settings.cardExchangeHint')}
          checked={cards}
          onChange={(checked) => void toggle({ card_exchange: checked ? 1 : 0 })}
          testId="card-exchange-switch"
        />
      </section>
      {settings.membership_level || settings.special_identity_label ? (
        <p className="text-sm text-slate-500">
          {[
            settings.membership_level ? t(`levels.${settings.membership_level}`) : '',
            settings.special_identity_label,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <form
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.tags} className="text-sm font-medium text-slate-700">
            {t('settings.tags', { count: tags.length, max: peopleLimits.tags })}
          </label>
          {tags.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    onClick={() => setTags(tags.filter((existing) => existing !== tag))}
                    className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-1 text-sm text-primary"
                    aria-label={t('settings.removeTag', { tag })}
                  >
                    <bdi>#{tag}</bdi>
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            id={ids.tags}
            value={tagDraft}
            maxLength={peopleLimits.tag}
            disabled={tags.length >= peopleLimits.tags}
            onChange={(event) => setTagDraft(event.target.value)}
            onKeyDown={onTagKey}
            onBlur={addTag}
            placeholder={t('settings.tagPlaceholder')}
            data-testid="tag-input"
            className="h-12 rounded-card bg-white px-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.industry} className="text-sm font-medium text-slate-700">
            {t('settings.industry')}
          </label>
          <select
            id={ids.industry}
            value={industryId}
            onChange={(event) => setIndustryId(event.target.value)}
            className="h-12 rounded-card bg-white px-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
          >
            <option value="">{t('settings.noIndustry')}</option>
            {(industries.data ?? []).map((category) => (
              <option key={category._id.$id} value={category._id.$id}>
                {localize(category.title, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.intro} className="text-sm font-medium text-slate-700">
            {t('settings.introduction')}
          </label>
          <textarea
            id={ids.intro}
            dir="auto"
            value={introduction}
            maxLength={peopleLimits.introduction}
            rows={4}
            onChange={(event) => setIntroduction(event.target.value)}
            className="rounded-card bg-white p-3 text-[16px] text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
          />
          <span className="self-end text-xs text-slate-400">
            {introduction.length}/{peopleLimits.introduction}
          </span>
        </div>
        <Button type="submit" className="h-11 w-full" disabled={isBusy} data-testid="people-settings-save">
          {t('settings.save')}
        </Button>
      </form>
      <section className="flex items-center justify-between gap-3 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100">
        <span className="flex min-w-0 items-center gap-2 text-[15px] text-slate-700">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <bdi className="truncate">{email || t('settings.noEmail')}</bdi>
        </span>
        <ButtonLink to={peoplePaths.myEmail({ meetingId })} variant="secondary" size="sm">
          {email ? t('settings.changeEmail') : t('settings.addEmail')}
        </ButtonLink>
      </section>
      <p className="text-center text-sm">
        <Link
          to={peoplePaths.connection({ meetingId })}
          className="text-primary underline-offset-2 hover:underline"
        >
          {t('settings.toDirectory')}
        </Link>
      </p>
    </div>
  );
}
