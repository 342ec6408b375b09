import { Check, Circle, ClipboardList, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';
import { DeskGate, SyncBar } from '../components/desk-frame.tsx';
import { canWorkPhase, deskTime, phaseTitle } from '../components/desk-texts.ts';
import { useStatusConfirm } from '../components/status-confirm.tsx';
import { guestsAtPhase, phaseCounts, searchGuests } from '../offline/desk-queue.ts';
import { useDesk } from '../offline/use-desk.ts';

/**
 * /meeting/reception/phases/{phase_id} (§2; §4 Reception 0/1): the desk of one phase — its guests with
 * big tap targets, received count, search and a not-received / received filter. A tap asks for
 * confirmation (§4), then the write is queued (works offline) and shown at once.
 */
function PhaseRoute() {
  const { t } = useTranslation('reception');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const byLine = (name: string, time: string) => (name ? t('phase.by', { name, time }) : time);
  const { phase_id: phaseId = '' } = useParams();
  const { desk, store } = useDesk(meetingId);
  const { ask, dialog } = useStatusConfirm(store);
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<string | undefined>(undefined);
  const phase = desk.phases.find((item) => item._id.$id === phaseId);
  const counts = phaseCounts(desk.guests, phaseId);
  const status = filter === '1' ? 1 : filter === '0' ? 0 : undefined;
  const guests = searchGuests(guestsAtPhase(desk.guests, phaseId, status), keyword);
  const canWork = phase ? canWorkPhase(phase, desk.me) : false;

  return (
    <div
      className="mx-auto flex max-w-2xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-phase-page"
    >
      <DeskGate desk={desk} store={store}>
        {!phase ? (
          <EmptyState
            icon={<ClipboardList aria-hidden="true" className="size-7" />}
            title={t('phase.notFound')}
          />
        ) : (
          <>
            <header className="flex items-end justify-between gap-3">
              <div className="min-w-0">
                <h1 className="truncate font-semibold text-[20px] text-slate-900">
                  {phaseTitle(phase, language)}
                </h1>
                {!canWork ? <p className="text-[13px] text-amber-700">{t('phase.otherRole')}</p> : null}
              </div>
              <p className="shrink-0 text-end" data-testid="reception-received-count">
                <span className="font-semibold text-[28px] text-primary tabular-nums">{counts.received}</span>
                <span className="text-[15px] text-slate-500 tabular-nums">/{counts.total}</span>
                <span className="block text-[12px] text-slate-500">{t('phase.received')}</span>
              </p>
            </header>
            <SyncBar desk={desk} store={store} />
            <Field
              label={t('search.label')}
              isLabelHidden
              type="search"
              placeholder={t('search.placeholder')}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              start={<Search aria-hidden="true" className="size-4 text-slate-400" />}
            />
            <Chips
              label={t('filter.status')}
              allLabel={t('filter.all')}
              options={[
                { value: '0', label: t('status.0') },
                { value: '1', label: t('status.1') },
              ]}
              value={filter}
              onChange={setFilter}
            />
            {guests.length === 0 ? (
              <EmptyState
                icon={<Users aria-hidden="true" className="size-7" />}
                title={keyword.trim() ? t('search.none') : t('phase.empty')}
              />
            ) : (
              <ul className="flex flex-col gap-2" data-testid="reception-phase-guests">
                {guests.map((guest) => {
                  const at = guest.phases.find((item) => item.phase_id.$id === phaseId);
                  const isReceived = at?.status === 1;
                  return (
                    <li
                      key={guest._id.$id}
                      className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-100"
                      data-testid="reception-phase-guest"
                      data-guest={guest.name}
                      data-status={at?.status ?? 0}
                    >
                      <Link
                        to={receptionPaths.guest({ meetingId, guestId: guest._id.$id })}
                        className="flex min-w-0 flex-1 items-center gap-3"
                      >
                        <Avatar name={guest.name} photo={guest.photo} className="size-12 text-lg" />
                        <span className="min-w-0">
                          <span className="block truncate font-medium text-[16px] text-slate-900">
                            {guest.name}
                          </span>
                          <span className="block truncate text-[13px] text-slate-500">
                            {isReceived && at
                              ? byLine(at.status_by_name, deskTime(at.status_at, meeting.time_zone))
                              : guest.title}
                          </span>
                        </span>
                      </Link>
                      <button
                        type="button"
                        disabled={!canWork}
                        onClick={() => ask(guest, phase)}
                        aria-pressed={isReceived}
                        data-testid="reception-toggle"
                        className={`flex h-14 min-w-28 shrink-0 items-center justify-center gap-1.5 rounded-button px-3 font-semibold text-[15px] transition-colors disabled:opacity-50 ${
                          isReceived
                            ? 'bg-emerald-600 text-white active:bg-emerald-700'
                            : 'bg-white text-primary ring-2 ring-primary active:bg-primary/10'
                        }`}
                      >
                        {isReceived ? (
                          <Check aria-hidden="true" className="size-5" />
                        ) : (
                          <Circle aria-hidden="true" className="size-5" />
                        )}
                        {isReceived ? t('status.1') : t('action.receive')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </DeskGate>
      {dialog}
    </div>
  );
}

export { PhaseRoute as Component };
