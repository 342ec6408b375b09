import { textLimits } from '@app/contracts/wire/limits.ts';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { applyToExhibitAt } from '../api/apply.ts';

type Form = { company: string; contact_name: string; phone: string; email: string; message: string };
const required = ['company', 'contact_name', 'phone'] as const;
/** The limits of POST /meetings/{id}/exhibitor/apply (ExhibitorApplicationBody). */
const limits: Record<keyof Form, number> = {
  company: textLimits.title,
  contact_name: textLimits.name,
  phone: textLimits.phone,
  email: textLimits.email,
  message: textLimits.freeText,
};

/**
 * /meeting/apply (§2): the exhibitor application — company, contact person and phone required
 * ('This is a required field', §5), e-mail and a message optional — sent to the organiser.
 */
function ApplyRoute() {
  const { t, ready } = useTranslation(['exhibitors', 'common']);
  const { t: tc } = useTranslation('common');
  const meetingId = useMeeting()._id.$id;
  const messageId = useId();
  const messageCountId = useId();
  const [form, setForm] = useState<Form>({
    company: '',
    contact_name: '',
    phone: '',
    email: '',
    message: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [isBusy, setBusy] = useState(false);
  const [isDone, setDone] = useState(false);

  if (!ready) {
    return (
      <div className="mx-auto max-w-lg space-y-4 p-4" aria-busy="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (isDone) {
    return (
      <EmptyState
        className="py-20"
        icon={<CircleCheck aria-hidden="true" className="size-7" />}
        title={t('apply.done')}
        description={t('apply.doneHint')}
        action={
          <Link to={paths.home({ meetingId })} className={buttonClass('secondary')}>
            {tc('actions.goHome')}
          </Link>
        }
      />
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<keyof Form, string>> = {};
    for (const name of required) if (!form[name].trim()) next[name] = t('form.required');
    setErrors(next);
    if (Object.keys(next).length > 0) {
      showToast(t('form.requiredAll'));
      return;
    }
    setBusy(true);
    try {
      await applyToExhibitAt(meetingId, {
        company: form.company.trim(),
        contact_name: form.contact_name.trim(),
        phone: form.phone.trim(),
        email: form.email.trim(),
        message: form.message.trim(),
      });
      setDone(true);
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof Form) => ({
    name,
    maxLength: limits[name],
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
    error: errors[name],
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="mx-auto max-w-lg space-y-4 p-4 desk:py-8"
      data-testid="apply-form"
    >
      <p className="text-[15px] text-slate-600">{t('apply.intro')}</p>
      <div className="space-y-4 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100">
        <Field label={`${t('apply.company')} *`} autoComplete="organization" {...field('company')} />
        <Field label={`${t('apply.contact')} *`} autoComplete="name" {...field('contact_name')} />
        <Field label={`${t('apply.phone')} *`} type="tel" autoComplete="tel" dir="ltr" {...field('phone')} />
        <Field label={t('apply.email')} type="email" autoComplete="email" dir="ltr" {...field('email')} />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={messageId} className="text-sm font-medium text-slate-700">
              {t('apply.message')}
            </label>
            <CharacterCount id={messageCountId} length={form.message.length} max={limits.message} />
          </div>
          <textarea
            id={messageId}
            rows={4}
            maxLength={limits.message}
            aria-describedby={messageCountId}
            value={form.message}
            onChange={(event) => setForm({ ...form, message: event.target.value })}
            className="rounded-card bg-white p-3 text-[16px] text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
          />
        </div>
      </div>
      <Button type="submit" className="h-12 w-full text-[16px]" disabled={isBusy}>
        {isBusy ? tc('states.loading') : t('apply.submit')}
      </Button>
    </form>
  );
}

export { ApplyRoute as Component };
