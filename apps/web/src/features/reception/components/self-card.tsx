import type { ReceptionGuestSelf } from '@app/contracts';
import { localize } from '@app/domain';
import { Check, Circle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { deskTime } from './desk-texts.ts';

/** A guest's own arrangements (§3 Guest; §6 a guest sees their record): phases, status and the form answers. */
export function SelfCard({ guest, timeZone }: { guest: ReceptionGuestSelf; timeZone: string }) {
  const { t } = useTranslation('reception');
  const language = useLanguage();
  return (
    <article className="flex flex-col gap-4" data-testid="reception-self">
      <header className="flex items-center gap-4 rounded-card bg-white p-4 ring-1 ring-slate-100">
        <Avatar name={guest.name} photo={guest.photo} className="size-20 text-2xl" />
        <div className="min-w-0">
          <h1 className="font-semibold text-[20px] text-slate-900">{guest.name}</h1>
          {guest.title ? <p className="text-[14px] text-slate-600">{guest.title}</p> : null}
          <p className="text-[13px] text-slate-500">{t('guest.code', { code: guest.code })}</p>
        </div>
      </header>
      {guest.description ? (
        <p className="whitespace-pre-line text-[14px] text-slate-600">{guest.description}</p>
      ) : null}
      {guest.staff ? (
        <p className="flex items-center gap-2 rounded-card bg-primary/5 px-4 py-3 text-[14px] text-slate-700">
          <Phone aria-hidden="true" className="size-4 text-primary" />
          {t('self.staff', { name: guest.staff.name })}
          {guest.staff.phone ? (
            <a href={`tel:${guest.staff.phone}`} className="ms-auto font-medium text-primary" dir="ltr">
              {guest.staff.phone}
            </a>
          ) : null}
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {guest.phases.map((phase) => (
          <li key={phase.phase_id.$id} className="rounded-card bg-white p-4 ring-1 ring-slate-100">
            <div className="flex items-center gap-2">
              {phase.status === 1 ? (
                <Check aria-hidden="true" className="size-5 text-emerald-600" />
              ) : (
                <Circle aria-hidden="true" className="size-5 text-slate-300" />
              )}
              <h2 className="flex-1 font-medium text-[16px] text-slate-900">
                {localize(phase.title, language)}
              </h2>
              <span className={`text-[13px] ${phase.status === 1 ? 'text-emerald-700' : 'text-slate-500'}`}>
                {phase.status === 1 ? t('status.1') : t('status.0')}
              </span>
            </div>
            {localize(phase.description, language) ? (
              <p className="mt-1 text-[13px] text-slate-500">{localize(phase.description, language)}</p>
            ) : null}
            {phase.status === 1 && phase.status_at > 0 ? (
              <p className="mt-1 text-[12px] text-slate-400">{deskTime(phase.status_at, timeZone)}</p>
            ) : null}
            {phase.form.some((field) => phase.answers[field.key]) ? (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-[13px]">
                {phase.form
                  .filter((field) => phase.answers[field.key])
                  .map((field) => (
                    <div key={field.key} className="contents">
                      <dt className="text-slate-500">{localize(field.label, language)}</dt>
                      <dd className="text-slate-900">
                        {field.type === 'checkbox'
                          ? t(phase.answers[field.key] === '1' ? 'form.yes' : 'form.no')
                          : phase.answers[field.key]}
                      </dd>
                    </div>
                  ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
    </article>
  );
}

/** Placeholder of the guest's own page while it loads. */
export function SelfCardSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <div className="h-28 animate-pulse rounded-card bg-slate-200/80" />
      <div className="h-20 animate-pulse rounded-card bg-slate-200/80" />
      <div className="h-20 animate-pulse rounded-card bg-slate-200/80" />
    </div>
  );
}
