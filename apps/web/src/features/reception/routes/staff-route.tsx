import { ChevronRight, ListChecks, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';
import { DeskGate, SyncBar } from '../components/desk-frame.tsx';
import { phaseTitle } from '../components/desk-texts.ts';
import { GuestRow } from '../components/guest-row.tsx';
import { phaseCounts, searchGuests } from '../offline/desk-queue.ts';
import { useDesk } from '../offline/use-desk.ts';

/**
 * /meeting/reception/staff (§2 /staff; §6 reception staff): the receptionist's sub-role label, the
 * phases with received counts (each opens its desk), a search over every guest, and the guests
 * assigned to them. Works offline from the cached list; the sync line shows what is pending (§4).
 */
function StaffRoute() {
  const { t } = useTranslation('reception');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const { desk, store } = useDesk(meetingId);
  const [keyword, setKeyword] = useState('');
  const me = desk.me;
  const mine = desk.guests.filter((guest) => me && guest.staff_user_id?.$id === me.user_id.$id);
  const shown = keyword.trim() ? searchGuests(desk.guests, keyword).slice(0, 50) : mine;
  const roleLabel = me
    ? me.reception_role_label ||
      (me.reception_role ? t('role.sub', { n: me.reception_role }) : t(`role.${me.role}`))
    : '';

  return (
    <div
      className="mx-auto flex max-w-2xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-staff-page"
    >
      <DeskGate desk={desk} store={store}>
        <header className="flex items-center gap-3">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ListChecks aria-hidden="true" className="size-6" />
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-semibold text-[20px] text-slate-900">
              {me?.name || t('pages.staff')}
            </h1>
            <p className="text-[14px] text-slate-500" data-testid="reception-role">
              {roleLabel}
            </p>
          </div>
        </header>
        <SyncBar desk={desk} store={store} />
        <section aria-labelledby="reception-phases">
          <h2 id="reception-phases" className="mb-2 font-semibold text-[15px] text-slate-700">
            {t('staff.phases')}
          </h2>
          {desk.phases.length === 0 ? (
            <p className="text-[14px] text-slate-500">{t('staff.noPhases')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {desk.phases.map((phase) => {
                const counts = phaseCounts(desk.guests, phase._id.$id);
                return (
                  <li key={phase._id.$id}>
                    <Link
                      to={receptionPaths.phase({ meetingId, phaseId: phase._id.$id })}
                      className="flex items-center gap-3 rounded-card bg-white p-4 ring-1 ring-slate-100 active:bg-slate-50"
                      data-testid="reception-phase-link"
                    >
                      <span className="min-w-0 flex-1 truncate font-medium text-[16px] text-slate-900">
                        {phaseTitle(phase, language)}
                      </span>
                      <span className="font-semibold text-[15px] text-primary tabular-nums">
                        {counts.received}/{counts.total}
                      </span>
                      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:rotate-180" />
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <Field
          label={t('search.label')}
          isLabelHidden
          type="search"
          placeholder={t('search.placeholder')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          start={<Search aria-hidden="true" className="size-4 text-slate-400" />}
          data-testid="reception-search"
        />
        <section aria-labelledby="reception-mine">
          <div className="mb-2 flex items-center justify-between">
            <h2 id="reception-mine" className="font-semibold text-[15px] text-slate-700">
              {keyword.trim()
                ? t('search.results', { n: shown.length })
                : t('staff.mine', { n: mine.length })}
            </h2>
            <Link
              to={receptionPaths.guestList({ meetingId })}
              className="text-[14px] font-medium text-primary"
            >
              {t('staff.allGuests', { n: desk.guests.length })}
            </Link>
          </div>
          {shown.length === 0 ? (
            <EmptyState
              icon={<Users aria-hidden="true" className="size-7" />}
              title={keyword.trim() ? t('search.none') : t('staff.noneMine')}
              description={keyword.trim() ? t('search.noneHint') : t('staff.noneMineHint')}
            />
          ) : (
            <ul className="flex flex-col gap-2" data-testid="reception-guests">
              {shown.map((guest) => (
                <GuestRow
                  key={guest._id.$id}
                  guest={guest}
                  phases={desk.phases}
                  to={receptionPaths.guest({ meetingId, guestId: guest._id.$id })}
                />
              ))}
            </ul>
          )}
        </section>
      </DeskGate>
    </div>
  );
}

export { StaffRoute as Component };
