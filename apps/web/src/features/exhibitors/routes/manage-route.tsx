import type { Enterprise } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, CalendarClock, CalendarRange, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { localizeWithKey } from '../../../components/ui/highlight.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useImageUpload } from '../../../lib/api/upload-image.ts';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { tooLongFields } from '../../../lib/text-limits.ts';
import { useExhibitorBinding } from '../api/bindings.ts';
import { usePendingEnterpriseRequests } from '../api/pending-appointments.ts';
import { saveEnterprise, useEnterpriseToEdit } from '../api/update-enterprise.ts';
import { EnterpriseReach } from '../components/enterprise-reach.tsx';
import { InvitePanel } from '../components/invite-panel.tsx';
import { localizedEntries } from '../components/localized-field.ts';
import { useExhibitWords } from '../components/titles.ts';

/**
 * /meeting/exhibitor/manage (§2 exhibitor area, §6): the bound exhibitor edits its enterprise —
 * name and description (in the language shown), logo (uploaded), phone, e-mail and website. Without
 * a binding it points to /meeting/exhibitor/bind.
 */
function ManageRoute() {
  const { t, ready } = useTranslation(['exhibitors', 'common']);
  const meetingId = useMeeting()._id.$id;
  const words = useExhibitWords();
  const binding = useExhibitorBinding(meetingId);
  const enterpriseId = binding.data?.binding?.enterprise?._id.$id;
  const enterprise = useEnterpriseToEdit(enterpriseId);

  if (!ready || binding.isPending || (enterpriseId && enterprise.isPending)) {
    return (
      <div className="mx-auto max-w-[720px] space-y-4 p-4 desk:py-8" aria-busy="true">
        <Skeleton className="mx-auto size-24 rounded-xl" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (binding.isError) return <ErrorState onRetry={() => void binding.refetch()} />;
  if (!enterpriseId) {
    return (
      <EmptyState
        icon={<Building2 aria-hidden="true" className="size-7" />}
        title={t('manage.notBound', { exhibitor: words.exhibitor })}
        action={
          <Link to={paths.exhibitor.bind({ meetingId })} className={buttonClass('primary')}>
            {t('manage.bindNow')}
          </Link>
        }
      />
    );
  }
  if (enterprise.isError || !enterprise.data) return <ErrorState onRetry={() => void enterprise.refetch()} />;
  return <ManageForm key={enterpriseId} enterprise={enterprise.data} meetingId={meetingId} />;
}

/** The limits of PUT /enterprises/{id} (UpdateEnterpriseBody) for the fields this form edits. */
const enterpriseLimits = {
  title: textLimits.title,
  description: textLimits.description,
  phone: textLimits.phone,
  email: textLimits.email,
  website: textLimits.url,
};

function ManageForm({ enterprise, meetingId }: { enterprise: Enterprise; meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const counterId = useId();
  const title = localizeWithKey(enterprise.title, language);
  const description = localizeWithKey(enterprise.description, language);
  const [form, setForm] = useState({
    title: title.text,
    description: description.text,
    phone: enterprise.phone,
    email: enterprise.email,
    website: enterprise.website,
  });
  const [logo, setLogo] = useState(enterprise.logo);
  const [titleError, setTitleError] = useState<string>();
  /** Fields longer than PUT /enterprises allows (§5: a description at most 500 characters). */
  const [tooLong, setTooLong] = useState<Partial<Record<keyof typeof form, number>>>({});
  const tooLongMessage = (field: keyof typeof form) =>
    tooLong[field] === undefined ? undefined : tc('text.tooLong', { max: tooLong[field] });
  const [isSaving, setSaving] = useState(false);
  // Edit the language shown, or (a text not yet in any language) the display language.
  const titleLang = title.lang || (typeof enterprise.title === 'string' ? '' : language);
  const descriptionLang = description.lang || (typeof enterprise.description === 'string' ? '' : language);

  const { progress, upload } = useImageUpload('image', {
    onUploaded: setLogo,
    onError: (error) => showToast(apiErrorMessage(error, tc)),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.title.trim()) {
      setTitleError(t('form.required'));
      return;
    }
    setTitleError(undefined);
    const overLimit = tooLongFields(form, enterpriseLimits);
    setTooLong(overLimit);
    if (Object.keys(overLimit).length > 0) return;
    setSaving(true);
    try {
      const saved = await saveEnterprise(enterprise._id.$id, {
        ...localizedEntries('title', enterprise.title, titleLang, form.title.trim()),
        ...localizedEntries('description', enterprise.description, descriptionLang, form.description.trim()),
        logo,
        phone: form.phone.trim(),
        email: form.email.trim(),
        website: form.website.trim(),
      });
      queryClient.setQueryData(['enterprises', 'detail', enterprise._id.$id], saved);
      void queryClient.invalidateQueries({ queryKey: ['exhibitors'] });
      showToast(t('manage.saved'));
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
      data-testid="manage-form"
    >
      <MeetingLinks meetingId={meetingId} />
      <InvitePanel enterpriseId={enterprise._id.$id} meetingId={meetingId} />
      <EnterpriseReach enterprise={enterprise} />
      <ImagePicker
        preview={<Thumb src={logo} name={form.title || '?'} size={96} className="size-24 text-3xl" />}
        label={t('manage.changeLogo')}
        hint={t('manage.logo')}
        progress={progress}
        onPick={upload}
        shape="square"
        testId="logo-input"
      />
      <div className="space-y-4 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100">
        <Field
          label={t('manage.name')}
          name="title"
          autoComplete="organization"
          maxLength={textLimits.title}
          value={form.title}
          onChange={(event) => setForm({ ...form, title: event.target.value })}
          error={titleError ?? tooLongMessage('title')}
        />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={descriptionId} className="text-sm font-medium text-slate-700">
              {t('manage.description')}
            </label>
            <CharacterCount id={counterId} length={form.description.length} max={textLimits.description} />
          </div>
          <textarea
            id={descriptionId}
            rows={6}
            maxLength={textLimits.description}
            value={form.description}
            onChange={(event) => setForm({ ...form, description: event.target.value })}
            aria-describedby={counterId}
            aria-invalid={tooLong.description === undefined ? undefined : true}
            data-testid="manage-description"
            className={cx(
              'rounded-card bg-white p-3 text-[16px] text-slate-900 ring-1 outline-none focus:ring-2 focus:ring-primary',
              tooLong.description === undefined ? 'ring-slate-200' : 'ring-red-400',
            )}
          />
          {tooLong.description === undefined ? null : (
            <p role="alert" className="text-[13px] text-red-600">
              {tooLongMessage('description')}
            </p>
          )}
        </div>
        <Field
          label={t('manage.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={textLimits.phone}
          value={form.phone}
          onChange={(event) => setForm({ ...form, phone: event.target.value })}
          error={tooLongMessage('phone')}
        />
        <Field
          label={t('manage.email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={textLimits.email}
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
          error={tooLongMessage('email')}
        />
        <Field
          label={t('manage.website')}
          name="website"
          type="url"
          autoComplete="url"
          dir="ltr"
          maxLength={textLimits.url}
          value={form.website}
          onChange={(event) => setForm({ ...form, website: event.target.value })}
          error={tooLongMessage('website')}
        />
      </div>
      <div className="flex gap-3">
        <Link
          to={paths.enterprise({ meetingId, enterpriseId: enterprise._id.$id })}
          className={buttonClass('secondary', 'md', 'h-12 flex-1')}
        >
          {t('manage.view')}
        </Link>
        <Button type="submit" className="h-12 flex-[2] text-[16px]" disabled={isSaving || progress !== null}>
          {isSaving ? tc('states.loading') : tc('actions.save')}
        </Button>
      </div>
    </form>
  );
}

/** The exhibitor's meeting requests (with how many wait for an answer) and schedule. */
function MeetingLinks({ meetingId }: { meetingId: string }) {
  const { t: tc } = useTranslation('common');
  const pending = usePendingEnterpriseRequests(meetingId, true);
  const count = pending.data ?? 0;
  return (
    <nav className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-slate-100">
      <LinkRow
        to={appointmentPaths.enterprise({ meetingId })}
        icon={<CalendarClock aria-hidden="true" className="size-5" />}
        label={tc('pages.enterpriseAppointments')}
        badge={count > 0 ? String(count) : undefined}
        testId="manage-appointments"
      />
      <LinkRow
        to={appointmentPaths.schedule.exhibitor({ meetingId })}
        icon={<CalendarRange aria-hidden="true" className="size-5" />}
        label={tc('pages.exhibitorSchedule')}
        testId="manage-schedule"
      />
    </nav>
  );
}

function LinkRow({
  to,
  icon,
  label,
  badge,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  badge?: string | undefined;
  testId: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
    >
      <span className="text-primary">{icon}</span>
      <span className="flex-1 text-[15px] font-medium text-slate-900">{label}</span>
      {badge ? (
        <span className="min-w-6 rounded-full bg-primary px-2 text-center text-xs leading-6 font-semibold text-on-primary">
          {badge}
        </span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}

export { ManageRoute as Component };
