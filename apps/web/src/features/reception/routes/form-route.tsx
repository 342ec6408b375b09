import type { ReceptionFormField } from '@app/contracts';
import { localize } from '@app/domain';
import { ClipboardList } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';
import { DeskGate, SyncBar } from '../components/desk-frame.tsx';
import { phaseTitle } from '../components/desk-texts.ts';
import { useDesk } from '../offline/use-desk.ts';

const inputClass =
  'w-full rounded-button bg-white px-3 py-2.5 text-[15px] text-slate-900 ring-1 ring-slate-200 focus:outline-2 focus:outline-primary';

/** One field of a phase form by its type (text, textarea, number, datetime, select, checkbox). */
function FormInput({
  field,
  value,
  onChange,
}: {
  field: ReceptionFormField;
  value: string;
  onChange: (value: string) => void;
}) {
  const language = useLanguage();
  const { t } = useTranslation('reception');
  const label = localize(field.label, language);
  const id = useId();
  if (field.type === 'checkbox') {
    return (
      <label className="flex items-center gap-3 text-[15px] text-slate-800">
        <input
          type="checkbox"
          className="size-5 accent-[var(--app-primary)]"
          checked={value === '1'}
          onChange={(event) => onChange(event.target.checked ? '1' : '0')}
        />
        {label}
      </label>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
      <label htmlFor={id}>
        {label}
        {field.required ? <span className="text-rose-600"> *</span> : null}
      </label>
      {field.type === 'textarea' ? (
        <textarea
          id={id}
          className={`${inputClass} min-h-24`}
          maxLength={500}
          required={field.required === 1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : field.type === 'select' ? (
        <select
          id={id}
          className={inputClass}
          required={field.required === 1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{t('form.choose')}</option>
          {field.options.map((option) => {
            const text = localize(option, language);
            return (
              <option key={text} value={text}>
                {text}
              </option>
            );
          })}
        </select>
      ) : (
        <input
          id={id}
          className={inputClass}
          name={field.key}
          type={field.type === 'number' ? 'number' : field.type === 'datetime' ? 'datetime-local' : 'text'}
          maxLength={500}
          required={field.required === 1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/**
 * /meeting/reception/guests/{guest_id}/phases/{phase_id}/form (§2): the phase's form for one guest
 * (flight, room, seat …). Each changed answer is one queued write (last writer wins per field, §4),
 * so it saves offline too.
 */
function FormRoute() {
  const { t } = useTranslation('reception');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const navigate = useNavigate();
  const { guest_id: guestId = '', phase_id: phaseId = '' } = useParams();
  const { desk, store } = useDesk(meetingId);
  const guest = desk.guests.find((item) => item._id.$id === guestId);
  const phase = desk.phases.find((item) => item._id.$id === phaseId);
  const at = guest?.phases.find((item) => item.phase_id.$id === phaseId);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const value = (key: string) => draft[key] ?? at?.answers[key] ?? '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!guest || !phase || !at) return;
    for (const field of phase.form) {
      const next = draft[field.key];
      if (next !== undefined && next !== (at.answers[field.key] ?? '')) {
        await store.enqueue({
          kind: 'answer',
          guest_id: guestId,
          phase_id: phaseId,
          key: field.key,
          value: next,
        });
      }
    }
    showToast(desk.isOnline ? t('edit.saved') : t('edit.savedOffline'));
    navigate(receptionPaths.guest({ meetingId, guestId }));
  };

  return (
    <div
      className="mx-auto flex max-w-xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-form-page"
    >
      <DeskGate desk={desk} store={store}>
        {!guest || !phase || !at ? (
          <EmptyState
            icon={<ClipboardList aria-hidden="true" className="size-7" />}
            title={!guest ? t('errors.guestNotFound') : t('errors.phaseNotAssigned')}
          />
        ) : (
          <form className="flex flex-col gap-4" onSubmit={(event) => void save(event)}>
            <header>
              <h1 className="font-semibold text-[20px] text-slate-900">{phaseTitle(phase, language)}</h1>
              <p className="text-[14px] text-slate-500">{guest.name}</p>
            </header>
            <SyncBar desk={desk} store={store} />
            {phase.form.length === 0 ? (
              <p className="text-[14px] text-slate-500">{t('form.empty')}</p>
            ) : (
              phase.form.map((field) => (
                <FormInput
                  key={field.key}
                  field={field}
                  value={value(field.key)}
                  onChange={(next) => setDraft((current) => ({ ...current, [field.key]: next }))}
                />
              ))
            )}
            <Button type="submit" disabled={phase.form.length === 0}>
              {t('edit.save')}
            </Button>
          </form>
        )}
      </DeskGate>
    </div>
  );
}

export { FormRoute as Component };
