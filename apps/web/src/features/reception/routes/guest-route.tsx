import { localize } from '@app/domain';
import { Check, ClipboardList, Mail, Pencil, Phone, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonText } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';
import { useGuestHistory } from '../api/reception.ts';
import { DeskGate, SyncBar } from '../components/desk-frame.tsx';
import { canWorkPhase, deskTime, phaseTitle } from '../components/desk-texts.ts';
import { useStatusConfirm } from '../components/status-confirm.tsx';
import { useDesk } from '../offline/use-desk.ts';

/**
 * /meeting/reception/guest/{guestId} (§2; §3 Guest; §4): photo, name, title, description, contact, the
 * phases with their status, who set it and when, a toggle each (confirmed, §4; queued offline) and the
 * form link; the history below, stale writes marked "overwritten by a later change". Unknown guest →
 * 'guest not found' (§8).
 */
function GuestRoute() {
  const { t } = useTranslation('reception');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const byLine = (name: string, time: string) => (name ? t('phase.by', { name, time }) : time);
  const { guestId = '' } = useParams();
  const { desk, store } = useDesk(meetingId);
  const { ask, dialog } = useStatusConfirm(store);
  const guest = desk.guests.find((item) => item._id.$id === guestId);
  const history = useGuestHistory(guest ? guestId : '', guest?.version ?? 0);
  const phases = new Map(desk.phases.map((phase) => [phase._id.$id, phase]));
  const fieldLabel = (item: { field: string; phase_id: { $id: string } | null }) => {
    const phase = item.phase_id ? phases.get(item.phase_id.$id) : undefined;
    const name = phase ? phaseTitle(phase, language) : '';
    if (item.field === 'status') return t('history.status', { phase: name });
    if (item.field.startsWith('answer:')) {
      const field = phase?.form.find((entry) => entry.key === item.field.slice('answer:'.length));
      const form = t('history.answer', { phase: name });
      return field ? `${form} · ${localize(field.label, language)}` : form;
    }
    return t(`fields.${item.field}`, { defaultValue: item.field });
  };

  return (
    <div
      className="mx-auto flex max-w-2xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-guest-page"
    >
      <DeskGate desk={desk} store={store}>
        {!guest ? (
          <div data-testid="reception-guest-not-found">
            <EmptyState
              icon={<UserX aria-hidden="true" className="size-7" />}
              title={t('errors.guestNotFound')}
            />
          </div>
        ) : (
          <>
            <header className="flex flex-col items-center gap-2 rounded-card bg-white p-5 text-center ring-1 ring-slate-100">
              <Avatar name={guest.name} photo={guest.photo} className="size-28 text-3xl" />
              <h1 className="font-semibold text-[22px] text-slate-900">{guest.name}</h1>
              {guest.title ? <p className="text-[15px] text-slate-600">{guest.title}</p> : null}
              {guest.description ? (
                <p className="whitespace-pre-line text-[14px] text-slate-500">{guest.description}</p>
              ) : null}
              <div className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-[13px] text-slate-500">
                {guest.phone ? (
                  <a href={`tel:${guest.phone}`} className="inline-flex items-center gap-1" dir="ltr">
                    <Phone aria-hidden="true" className="size-3.5" />
                    {guest.phone}
                  </a>
                ) : null}
                {guest.email ? (
                  <span className="inline-flex items-center gap-1">
                    <Mail aria-hidden="true" className="size-3.5" />
                    {guest.email}
                  </span>
                ) : null}
                <span>{t('guest.code', { code: guest.code })}</span>
              </div>
              {guest.staff_name ? (
                <p className="text-[13px] text-slate-500">{t('guest.staff', { name: guest.staff_name })}</p>
              ) : null}
              {guest.note ? (
                <p className="rounded-lg bg-amber-50 px-3 py-1.5 text-[13px] text-amber-900">{guest.note}</p>
              ) : null}
              <ButtonLink
                variant="secondary"
                size="sm"
                to={receptionPaths.staffGuest({ meetingId, guestId })}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t('guest.edit')}
              </ButtonLink>
            </header>
            <SyncBar desk={desk} store={store} />
            <section aria-labelledby="reception-guest-phases">
              <h2 id="reception-guest-phases" className="mb-2 font-semibold text-[15px] text-slate-700">
                {t('staff.phases')}
              </h2>
              <ul className="flex flex-col gap-2">
                {guest.phases.map((at) => {
                  const phase = phases.get(at.phase_id.$id);
                  if (!phase) return null;
                  const isReceived = at.status === 1;
                  return (
                    <li
                      key={at.phase_id.$id}
                      className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-100"
                      data-testid="reception-guest-phase"
                      data-status={at.status}
                    >
                      <div className="min-w-0 flex-1">
                        <p className="font-medium text-[16px] text-slate-900">
                          {phaseTitle(phase, language)}
                        </p>
                        <p className="text-[13px] text-slate-500">
                          {at.status_at > 0
                            ? byLine(at.status_by_name, deskTime(at.status_at, meeting.time_zone))
                            : t('status.0')}
                        </p>
                        {phase.form.length > 0 ? (
                          <Link
                            to={receptionPaths.form({ meetingId, guestId, phaseId: phase._id.$id })}
                            className="mt-1 inline-flex items-center gap-1 text-[13px] font-medium text-primary"
                          >
                            <ClipboardList aria-hidden="true" className="size-3.5" />
                            {t('guest.form', { n: Object.keys(at.answers).length })}
                          </Link>
                        ) : null}
                      </div>
                      <button
                        type="button"
                        disabled={!canWorkPhase(phase, desk.me)}
                        onClick={() => ask(guest, phase)}
                        aria-pressed={isReceived}
                        data-testid="reception-toggle"
                        className={`flex h-12 min-w-24 items-center justify-center gap-1 rounded-button px-3 font-semibold text-[14px] disabled:opacity-50 ${
                          isReceived
                            ? 'bg-emerald-600 text-white'
                            : 'bg-white text-primary ring-2 ring-primary'
                        }`}
                      >
                        {isReceived ? <Check aria-hidden="true" className="size-4" /> : null}
                        {isReceived ? t('status.1') : t('action.receive')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
            <section aria-labelledby="reception-history">
              <h2 id="reception-history" className="mb-2 font-semibold text-[15px] text-slate-700">
                {t('history.title')}
              </h2>
              {history.isPending ? (
                <SkeletonText lines={3} />
              ) : history.isError ? (
                <p className="text-[13px] text-slate-500">{t('history.offline')}</p>
              ) : history.data.length === 0 ? (
                <p className="text-[13px] text-slate-500">{t('history.empty')}</p>
              ) : (
                <ol className="flex flex-col gap-1.5 text-[13px]" data-testid="reception-history">
                  {history.data.map((item) => (
                    <li key={item.id} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-100">
                      <span className="text-slate-900">{fieldLabel(item)}</span>
                      {' · '}
                      <span className="text-slate-600">
                        {item.field === 'status'
                          ? t(`status.${item.value === 1 || item.value === '1' ? 1 : 0}`)
                          : String(item.value ?? '')}
                      </span>
                      <span className="block text-slate-500">
                        {item.user_name} · {deskTime(item.client_at, meeting.time_zone)}
                        {item.outcome === 'stale' ? ` · ${t('sync.stale')}` : ''}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </>
        )}
      </DeskGate>
      {dialog}
    </div>
  );
}

export { GuestRoute as Component };
