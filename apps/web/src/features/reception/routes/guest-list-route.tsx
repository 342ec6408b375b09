import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chips } from '../../../components/ui/chips.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { DeskGate, SyncBar } from '../components/desk-frame.tsx';
import { phaseTitle } from '../components/desk-texts.ts';
import { GuestRow } from '../components/guest-row.tsx';
import { guestsAtPhase, searchGuests } from '../offline/desk-queue.ts';
import { useDesk } from '../offline/use-desk.ts';

/** Guests shown at once (the list is local; more come with a narrower search). */
const shownMax = 200;

/**
 * /meeting/reception/guest/list (§2 /guest/list; §3 Guest): every guest of the meeting, searchable by
 * name, title, phone, e-mail or code, filtered by phase and, within a phase, by status (§4). Reads the
 * cached list, so it works offline.
 */
function GuestListRoute() {
  const { t } = useTranslation('reception');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const { desk, store } = useDesk(meetingId);
  const [keyword, setKeyword] = useState('');
  const [phaseParam, setPhase] = useSearchState('phase_id');
  const [statusParam, setStatus] = useSearchState('status');
  const phaseId = desk.phases.some((phase) => phase._id.$id === phaseParam) ? phaseParam : undefined;
  const status = statusParam === '1' ? 1 : statusParam === '0' ? 0 : undefined;
  const filtered = phaseId ? guestsAtPhase(desk.guests, phaseId, status) : desk.guests;
  const guests = searchGuests(filtered, keyword);

  return (
    <div
      className="mx-auto flex max-w-2xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-list-page"
    >
      <PageHeader title={t('pages.list')} subtitle={t('list.count', { n: desk.guests.length })} />
      <DeskGate desk={desk} store={store}>
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
          label={t('filter.phase')}
          allLabel={t('filter.allPhases')}
          options={desk.phases.map((phase) => ({ value: phase._id.$id, label: phaseTitle(phase, language) }))}
          value={phaseId}
          onChange={(value) => {
            setPhase(value);
            if (!value) setStatus(undefined);
          }}
        />
        {phaseId ? (
          <Chips
            label={t('filter.status')}
            allLabel={t('filter.all')}
            options={[
              { value: '0', label: t('status.0') },
              { value: '1', label: t('status.1') },
            ]}
            value={statusParam === '0' || statusParam === '1' ? statusParam : undefined}
            onChange={setStatus}
          />
        ) : null}
        {guests.length === 0 ? (
          <EmptyState
            icon={<Users aria-hidden="true" className="size-7" />}
            title={desk.guests.length === 0 ? t('list.empty') : t('search.none')}
            description={desk.guests.length === 0 ? t('list.emptyHint') : t('search.noneHint')}
          />
        ) : (
          <ul className="flex flex-col gap-2" data-testid="reception-guests">
            {guests.slice(0, shownMax).map((guest) => (
              <GuestRow
                key={guest._id.$id}
                guest={guest}
                phases={desk.phases}
                to={receptionPaths.guest({ meetingId, guestId: guest._id.$id })}
              />
            ))}
          </ul>
        )}
        {guests.length > shownMax ? (
          <p className="text-center text-[13px] text-slate-500">{t('list.narrow', { n: guests.length })}</p>
        ) : null}
      </DeskGate>
    </div>
  );
}

export { GuestListRoute as Component };
