import type { User } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { enabledLanguages } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { currentUserQueryOptions } from '../../../lib/api/current-user.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useImageUpload } from '../../../lib/api/upload-image.ts';
import { changeLanguage, languageName } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { tooLongFields } from '../../../lib/text-limits.ts';
import { saveWork, updateProfile } from '../api/update-profile.ts';

/** The limits of PUT /users/{id} and /users/{id}/works for the fields this form edits. */
const profileLimits = { username: textLimits.name, title: textLimits.title, company: textLimits.title };

/** /my/profile (§2): name, avatar, work title and company, language. */
export function Component() {
  const { ready } = useTranslation(['users', 'common']);
  const meeting = useMeeting();
  const meetingId = idOf(meeting);
  const { data: user, isPending, isError, refetch } = useQuery(currentUserQueryOptions(meetingId));
  if (!ready || isPending) {
    return (
      <div className="mx-auto max-w-[720px] space-y-4 p-4 desk:py-8" aria-busy="true">
        <Skeleton className="mx-auto size-24 rounded-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (isError || !user) return <ErrorState onRetry={() => void refetch()} />;
  return <ProfileForm user={user} meetingId={meetingId} />;
}

function ProfileForm({ user, meetingId }: { user: User; meetingId: string }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const meeting = useMeeting();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    username: user.username,
    title: user.work.title,
    company: user.work.company,
    language: user.language,
  });
  const [avatar, setAvatar] = useState(user.avatar);
  const [nameError, setNameError] = useState<string>();
  /** Fields that arrived longer than their limit (a name from before it, or from a provider). */
  const [tooLong, setTooLong] = useState<Partial<Record<keyof typeof profileLimits, number>>>({});
  const tooLongMessage = (field: keyof typeof profileLimits) =>
    tooLong[field] === undefined ? undefined : tc('text.tooLong', { max: tooLong[field] });
  const [isSaving, setSaving] = useState(false);
  const languages = enabledLanguages(meeting.config.language);

  const { progress, upload } = useImageUpload('avatar', {
    onUploaded: setAvatar,
    onError: (error) => showToast(apiErrorMessage(error, tc)),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.username.trim()) {
      setNameError(t('errors.required'));
      return;
    }
    setNameError(undefined);
    const overLimit = tooLongFields(form, profileLimits);
    setTooLong(overLimit);
    if (Object.keys(overLimit).length > 0) return;
    setSaving(true);
    try {
      await updateProfile(user._id.$id, { username: form.username.trim(), avatar, language: form.language });
      const saved = await saveWork(user._id.$id, { title: form.title.trim(), company: form.company.trim() });
      queryClient.setQueryData(currentUserQueryOptions(meetingId).queryKey, saved);
      if (form.language && form.language !== user.language && languages.includes(form.language as never)) {
        await changeLanguage(form.language as (typeof languages)[number]);
      }
      showToast(t('saved'));
      navigate(paths.my.index({ meetingId }), { replace: true });
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="mx-auto max-w-[720px] space-y-5 p-4 desk:py-8"
    >
      <ImagePicker
        preview={<Avatar name={form.username || '?'} photo={avatar} className="flex size-24 text-3xl" />}
        label={t('avatar.change')}
        hint={t('avatar.hint')}
        progress={progress}
        onPick={upload}
        shape="round"
        testId="avatar-input"
      />
      <div className="space-y-4 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100">
        <Field
          label={t('fields.name')}
          name="username"
          autoComplete="name"
          maxLength={profileLimits.username}
          value={form.username}
          onChange={(event) => setForm({ ...form, username: event.target.value })}
          error={nameError ?? tooLongMessage('username')}
        />
        <Field
          label={t('fields.title')}
          name="title"
          autoComplete="organization-title"
          maxLength={profileLimits.title}
          value={form.title}
          onChange={(event) => setForm({ ...form, title: event.target.value })}
          error={tooLongMessage('title')}
        />
        <Field
          label={t('fields.company')}
          name="company"
          autoComplete="organization"
          maxLength={profileLimits.company}
          value={form.company}
          onChange={(event) => setForm({ ...form, company: event.target.value })}
          error={tooLongMessage('company')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="language" className="text-sm font-medium text-slate-700">
            {t('fields.language')}
          </label>
          <select
            id="language"
            value={form.language}
            onChange={(event) => setForm({ ...form, language: event.target.value })}
            className="h-12 rounded-card bg-white px-3 text-[16px] ring-1 ring-slate-200 focus:ring-2 focus:ring-primary focus:outline-none"
          >
            <option value="">{t('fields.languageAuto')}</option>
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <Button type="submit" className="h-12 w-full text-[16px]" disabled={isSaving || progress !== null}>
        {isSaving ? tc('states.loading') : tc('actions.save')}
      </Button>
    </form>
  );
}
