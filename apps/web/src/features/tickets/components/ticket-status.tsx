import type { Ticket } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';

/** Approved tickets (§3: status 1 or 3) carry a QR code; under review (0) and rejected (2) do not. */
export const isApproved = (ticket: Pick<Ticket, 'status'>): boolean =>
  ticket.status === 1 || ticket.status === 3;

const statusKeys = {
  0: 'status.underReview',
  1: 'status.registered',
  2: 'status.rejected',
  3: 'status.checkedIn',
} as const;

const statusTones = {
  0: 'bg-amber-50 text-amber-800 ring-amber-200',
  1: 'bg-primary/10 text-primary ring-primary/20',
  2: 'bg-red-50 text-red-700 ring-red-200',
  3: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
} as const;

/** A ticket's status (§3) as a small coloured badge: under review, rejected, registered, checked in. */
export function TicketStatusBadge({ status, className }: { status: Ticket['status']; className?: string }) {
  const { t } = useTranslation('tickets');
  return (
    <span
      data-testid="ticket-status"
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-[12px] font-semibold ring-1',
        statusTones[status],
        className,
      )}
    >
      {t(statusKeys[status])}
    </span>
  );
}
