import type { Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { SunMedium } from 'lucide-react';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { cardClass } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { useMyTickets } from '../api/my-tickets.ts';
import { TicketFacts, TicketPass } from '../components/ticket-card.tsx';
import { isApproved, TicketStatusBadge } from '../components/ticket-status.tsx';

/**
 * /my/registration/ticket?ticket_id (§2 Personal, login): one ticket full screen, to show at the
 * entrance — a big QR code, a hint to raise the screen brightness, the code, holder, type, activity
 * and status. The status is fetched again whenever the page regains focus, so a ticket checked in
 * meanwhile shows it. `Extra` (composed by the app: the credits card) shows under the ticket.
 */
export function TicketRoute({ Extra }: { Extra?: TicketExtra } = {}) {
  const { ready } = useTranslation('tickets');
  const meetingId = useMeeting()._id.$id;
  const [search] = useSearchParams();
  const ticketId = idParam(search, 'ticket_id');
  const tickets = useMyTickets(meetingId);

  if (!ticketId) return <Navigate to={paths.notFound()} replace />;
  if (!ready || tickets.isPending) {
    return (
      <div className="mx-auto max-w-[480px] space-y-4 p-4 desk:py-8" aria-busy="true">
        <Skeleton className="h-28 w-full rounded-card" />
        <Skeleton className="mx-auto aspect-square w-full max-w-[300px] rounded-card" />
        <Skeleton className="h-24 w-full rounded-card" />
      </div>
    );
  }
  if (tickets.isError) return <ErrorState onRetry={() => void tickets.refetch()} />;
  const ticket = tickets.data.find((item) => item._id.$id === ticketId);
  // §2: not one of the caller's tickets (unknown, someone else's, or deleted — the list holds live
  // tickets only) is a 404.
  if (!ticket) return <Navigate to={paths.notFound()} replace />;
  return <FullTicket ticket={ticket} Extra={Extra} />;
}

/** A section another feature shows under the ticket, given its ids. */
export type TicketExtra = ComponentType<{ ticketId: string; activityId: string }>;

function FullTicket({ ticket, Extra }: { ticket: Ticket; Extra?: TicketExtra | undefined }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const title = ticket.activity ? localize(ticket.activity.title, language) : '';
  const hasQr = isApproved(ticket) && ticket.code !== '';
  return (
    <div className="mx-auto max-w-[480px] px-4 pt-4 pb-10 desk:pt-8">
      <article className={cx(cardClass, 'overflow-hidden')} data-testid="full-ticket">
        <header className="bg-primary px-5 pt-5 pb-6 text-on-primary">
          <div className="flex items-start justify-between gap-3">
            <h1 className="min-w-0 text-[19px] font-semibold leading-snug">
              <bdi>{title}</bdi>
            </h1>
            <TicketStatusBadge status={ticket.status} className="bg-white ring-white" />
          </div>
          <p className="mt-1 text-[13px] opacity-85">{hasQr ? t('ticket.showAtEntrance') : null}</p>
        </header>
        <div className="-mt-3 rounded-t-[1rem] bg-white px-5 pt-6 pb-5">
          <TicketPass ticket={ticket} size="full" />
          {hasQr && ticket.status === 1 ? (
            <p className="mx-auto mt-4 flex max-w-[320px] items-start gap-2 rounded-xl bg-slate-50 p-3 text-[13px] text-slate-600">
              <SunMedium aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
              {t('ticket.brightnessHint')}
            </p>
          ) : null}
        </div>
        <div aria-hidden="true" className="mx-5 border-t border-dashed border-slate-200" />
        <div className="bg-white p-5">
          <TicketFacts ticket={ticket} />
        </div>
      </article>
      {Extra ? (
        <Suspense fallback={null}>
          <Extra ticketId={ticket._id.$id} activityId={ticket.activity_id.$id} />
        </Suspense>
      ) : null}
      <div className="mt-4 flex justify-center">
        <ButtonLink
          to={activityPaths.myTickets({ meetingId: ticket.meeting_id.$id })}
          variant="ghost"
          size="sm"
        >
          {t('ticket.backToTickets')}
        </ButtonLink>
      </div>
    </div>
  );
}

export { TicketRoute as Component };
