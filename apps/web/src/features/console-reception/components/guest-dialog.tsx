import type { ConsoleReceptionStaff, ReceptionGuest, ReceptionPhase } from '@app/contracts';
import { localize } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, SelectField, TextArea } from '../../../components/ui/form-dialog.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type GuestDraft, saveGuest } from '../api/console-reception-api.ts';

function draftOf(guest: ReceptionGuest | null): GuestDraft {
  return {
    name: guest?.name ?? '',
    title: guest?.title ?? '',
    description: guest?.description ?? '',
    photo: guest?.photo ?? '',
    phone: guest?.phone ?? '',
    areaCode: guest?.area_code ?? '86',
    email: guest?.email ?? '',
    code: guest?.code ?? '',
    note: guest?.note ?? '',
    staffUserId: guest?.staff_user_id?.$id ?? '',
    phaseIds: guest?.phases.map((p) => p.phase_id.$id) ?? [],
  };
}

/** The field an error code of the save names, and its message key. */
const errorOf: Record<string, { field: keyof GuestDraft; key: string }> = {
  'reception.guest_duplicate': { field: 'code', key: 'errors.duplicate' },
  'phone.invalid': { field: 'phone', key: 'errors.phone' },
  'email.invalid': { field: 'email', key: 'errors.email' },
  'reception.receptionist_not_found': { field: 'staffUserId', key: 'errors.staff' },
};

/**
 * Add or edit a guest (§3 Guest): name, title, description, photo (the upload component), phone,
 * e-mail, code (generated when empty), note, phases and receptionist (the meeting's reception grants).
 * Errors of the save show at their field; `onSaved` gets the guest as stored.
 */
export function GuestDialog({
  meetingId,
  guest,
  phases,
  staff,
  onSaved,
  onClose,
}: {
  meetingId: string;
  guest: ReceptionGuest | null;
  phases: ReceptionPhase[];
  staff: ConsoleReceptionStaff[];
  onSaved: (guest: ReceptionGuest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-reception');
  const language = useLanguage();
  const [initial] = useState<GuestDraft>(() => draftOf(guest));
  const [draft, setDraft] = useState<GuestDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof GuestDraft, string>>>({});
  const [isBusy, setBusy] = useState(false);
  const set = (patch: Partial<GuestDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async () => {
    if (draft.name.trim() === '') {
      setErrors({ name: t('form.nameRequired') });
      return;
    }
    if (guest && JSON.stringify(draft) === JSON.stringify(initial)) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      onSaved(await saveGuest(meetingId, guest?._id.$id ?? null, draft, initial));
    } catch (error) {
      const known = error instanceof ApiError ? errorOf[String(error.code)] : undefined;
      setErrors(known ? { [known.field]: t(known.key as 'errors.failed') } : { name: t('errors.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      isOpen
      title={guest ? t('form.editTitle') : t('form.newTitle')}
      submitLabel={t('save')}
      cancelLabel={t('cancel')}
      isBusy={isBusy}
      onSubmit={() => void submit()}
      onCancel={onClose}
      testId="reception-guest-dialog"
    >
      <Field
        label={t('form.name')}
        value={draft.name}
        maxLength={64}
        error={errors.name}
        onChange={(event) => set({ name: event.target.value })}
        data-testid="reception-guest-name"
      />
      <Field
        label={t('form.title')}
        value={draft.title}
        maxLength={200}
        onChange={(e) => set({ title: e.target.value })}
      />
      <TextArea
        label={t('form.description')}
        value={draft.description}
        maxLength={500}
        onChange={(description) => set({ description })}
      />
      <ImageField
        label={t('form.photo')}
        hint={t('form.photoHint')}
        value={draft.photo}
        onChange={(photo) => set({ photo })}
        testId="reception-guest-photo"
      />
      <Field
        label={t('form.phone')}
        type="tel"
        value={draft.phone}
        maxLength={32}
        error={errors.phone}
        start={
          <input
            aria-label={t('form.phone')}
            value={draft.areaCode}
            maxLength={6}
            onChange={(e) => set({ areaCode: e.target.value.replace(/\D/g, '') })}
            className="w-12 bg-transparent text-[16px] text-slate-500 outline-none"
          />
        }
        onChange={(e) => set({ phone: e.target.value })}
      />
      <Field
        label={t('form.email')}
        type="email"
        value={draft.email}
        maxLength={254}
        error={errors.email}
        onChange={(e) => set({ email: e.target.value })}
      />
      <Field
        label={t('form.code')}
        hint={t('form.codeHint')}
        value={draft.code}
        maxLength={32}
        error={errors.code}
        onChange={(e) => set({ code: e.target.value.toUpperCase() })}
      />
      <TextArea
        label={t('form.note')}
        value={draft.note}
        maxLength={500}
        onChange={(note) => set({ note })}
      />
      <SelectField
        label={t('form.staff')}
        value={draft.staffUserId}
        onChange={(staffUserId) => set({ staffUserId })}
        options={[
          { value: '', label: t('guests.noStaff') },
          ...staff.map((s) => ({
            value: s.user_id.$id,
            label: s.name || s.phone || s.email || s.user_id.$id,
          })),
        ]}
        testId="reception-guest-staff"
      />
      {errors.staffUserId ? <p className="text-[13px] text-red-600">{errors.staffUserId}</p> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('form.phases')}</legend>
        {phases.map((phase) => (
          <label key={phase._id.$id} className="flex items-center gap-2 text-[15px] text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={draft.phaseIds.includes(phase._id.$id)}
              onChange={(e) =>
                set({
                  phaseIds: e.target.checked
                    ? [...draft.phaseIds, phase._id.$id]
                    : draft.phaseIds.filter((id) => id !== phase._id.$id),
                })
              }
            />
            <bdi>{localize(phase.title, language)}</bdi>
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}
