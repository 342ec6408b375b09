import type { Appointment } from '@app/contracts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { AppointmentActionBar } from './appointment-action-bar.tsx';
import { AppointmentTimes, Counterpart, ModeBadge, StatusBadge } from './appointment-parts.tsx';

/**
 * One request in a list: the other side, the time (in its zone, and on the device's clock when that
 * differs), mode and status, the start of the matter, and the buttons the server allows. The card
 * opens the details page.
 */
export function AppointmentCard({ appointment }: { appointment: Appointment }) {
  const to = appointmentPaths.detail({
    meetingId: appointment.meeting_id.$id,
    appointmentId: appointment._id.$id,
  });
  return (
    <Card className="flex h-full flex-col" data-testid="appointment-card">
      <Link
        to={to}
        className="block flex-1 space-y-3 rounded-card p-4 transition-colors hover:bg-slate-50/60"
      >
        <div className="flex items-start justify-between gap-3">
          <Counterpart appointment={appointment} />
          <ChevronRight aria-hidden="true" className="mt-3 size-4 shrink-0 text-slate-400 rtl:-scale-x-100" />
        </div>
        <AppointmentTimes appointment={appointment} isCompact />
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge appointment={appointment} />
          <ModeBadge mode={appointment.mode} />
        </div>
        {appointment.matter ? (
          <p className="line-clamp-2 text-[14px] text-slate-600 break-words">{appointment.matter}</p>
        ) : null}
      </Link>
      <AppointmentActionBar appointment={appointment} className="border-t border-slate-100 px-4 py-3" />
    </Card>
  );
}
