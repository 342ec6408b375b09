import type { Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { CalendarClock, CircleCheck, Hourglass, MapPin, TicketIcon, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { CodeCopy } from './code-copy.tsx';
import { groupCode } from './ticket-code.ts';
import { isApproved, TicketStatusBadge } from './ticket-status.tsx';
import { activityWhen, momentLabel } from './ticket-time.ts';

/** One line of a ticket's details: an icon and its text. */
export function DetailLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-[14px] text-slate-600">
      <span className="mt-0.5 shrink-0 text-slate-400">{icon}</span>
      <span className="min-w-0 flex-1">{children}</span>
    </p>
  );
}

/** The activity facts of a ticket: when (meeting time zone), where (or online), type and holder. */
export function TicketFacts({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const timeZone = useMeeting().time_zone;
  const activity = ticket.activity;
  const place = activity ? localize(activity.address, language).trim() : '';
  return (
    <div className="space-y-1.5">
      {activity ? (
        <DetailLine icon={<CalendarClock aria-hidden="true" className="size-4" />}>
          {activityWhen(activity.start, activity.end, timeZone, language)}
        </DetailLine>
      ) : null}
      {activity && (place || activity.offline === 0) ? (
        <DetailLine icon={<MapPin aria-hidden="true" className="size-4" />}>
          {place || t('ticket.online')}
        </DetailLine>
      ) : null}
      <DetailLine icon={<TicketIcon aria-hidden="true" className="size-4" />}>
        <bdi>{localize(ticket.price_title, language) || t('ticket.type')}</bdi>
      </DetailLine>
      <DetailLine icon={<UserRound aria-hidden="true" className="size-4" />}>
        <bdi>{ticket.name}</bdi>
      </DetailLine>
    </div>
  );
}

/** The part of a ticket that depends on its status: QR and code, the review wait, or the refusal. */
export function TicketPass({ ticket, size }: { ticket: Ticket; size: 'card' | 'full' }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const timeZone = useMeeting().time_zone;
  if (ticket.status === 0) {
    return (
      <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-[14px] text-amber-900">
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('ticket.waitingReview')}
      </p>
    );
  }
  if (ticket.status === 2 || !isApproved(ticket) || !ticket.code) {
    return (
      <p className="rounded-xl bg-slate-50 p-3 text-[14px] text-slate-600">{t('ticket.rejectedHint')}</p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <div
        className={cx(
          'rounded-xl bg-white p-1 ring-1 ring-slate-200',
          size === 'full' ? 'w-full max-w-[300px]' : 'w-40',
          ticket.status === 3 && size === 'card' && 'opacity-60',
        )}
      >
        <QrCode
          value={ticket.code}
          label={t('ticket.qrLabel', { code: groupCode(ticket.code) })}
          className="w-full"
        />
      </div>
      <CodeCopy code={ticket.code} isLarge={size === 'full'} />
      {ticket.checked_in_at > 0 ? (
        <p
          data-testid="checked-in-at"
          className="flex items-center gap-1.5 text-[14px] font-medium text-emerald-700"
        >
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('ticket.checkedInAt', { time: momentLabel(ticket.checked_in_at, timeZone, language) })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A ticket in 'my tickets': activity title and status, its facts, and below a perforation the QR
 * code (approved tickets only) with the grouped code; the title opens the full-screen ticket.
 */
export function TicketCard({ ticket }: { ticket: Ticket }) {
  const language = useLanguage();
  const meetingId = useMeeting()._id.$id;
  const title = ticket.activity ? localize(ticket.activity.title, language) : '';
  return (
    <article className={cx(cardClass, 'relative overflow-hidden')} data-testid="ticket-card">
      <div className="space-y-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-[16px] font-semibold leading-snug text-slate-900">
            <Link
              to={activityPaths.registration.ticket({ meetingId, ticketId: ticket._id.$id })}
              className="after:absolute after:inset-0 hover:text-primary"
            >
              <bdi>{title}</bdi>
            </Link>
          </h2>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <TicketFacts ticket={ticket} />
      </div>
      <div aria-hidden="true" className="relative mx-4 border-t border-dashed border-slate-200">
        <span className="absolute -start-6 -top-2 size-4 rounded-full bg-slate-50 ring-1 ring-slate-900/[0.06]" />
        <span className="absolute -end-6 -top-2 size-4 rounded-full bg-slate-50 ring-1 ring-slate-900/[0.06]" />
      </div>
      {/* Above the title's stretched link, so the copy button and the code stay usable. */}
      <div className="relative z-10 p-4">
        <TicketPass ticket={ticket} size="card" />
      </div>
    </article>
  );
}
