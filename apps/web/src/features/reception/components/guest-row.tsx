import type { ReceptionGuest, ReceptionPhase } from '@app/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { phaseTitle } from './desk-texts.ts';

/** A guest in a list: photo, name, title and a dot per phase (filled when received, §4). */
export function GuestRow({
  guest,
  phases,
  to,
}: {
  guest: ReceptionGuest;
  phases: ReceptionPhase[];
  to: string;
}) {
  const language = useLanguage();
  const titles = new Map(phases.map((phase) => [phase._id.$id, phaseTitle(phase, language)]));
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-100 active:bg-slate-50"
        data-testid="reception-guest-row"
      >
        <Avatar name={guest.name} photo={guest.photo} className="size-12 text-lg" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-[16px] text-slate-900">{guest.name}</p>
          {guest.title ? <p className="truncate text-[13px] text-slate-500">{guest.title}</p> : null}
          <ul className="mt-1 flex flex-wrap gap-1">
            {guest.phases.map((phase) => (
              <li
                key={phase.phase_id.$id}
                className={`inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-[11px] ${
                  phase.status === 1 ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-500'
                }`}
              >
                {phase.status === 1 ? <Check aria-hidden="true" className="size-3" /> : null}
                {titles.get(phase.phase_id.$id) ?? ''}
              </li>
            ))}
          </ul>
        </div>
      </Link>
    </li>
  );
}
