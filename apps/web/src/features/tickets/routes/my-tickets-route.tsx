import { TicketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader, SectionTitle } from '../../../components/ui/page-header.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMyTickets } from '../api/my-tickets.ts';
import { TicketListSkeleton } from '../components/list-skeleton.tsx';
import { TicketCard } from '../components/ticket-card.tsx';
import { byUpcoming } from '../components/ticket-time.ts';

/**
 * /my/tickets (§2 Personal, login): the caller's tickets, upcoming activities first, each with its
 * status and, once approved, its QR code and grouped code; a tap opens the full-screen ticket.
 */
function MyTicketsRoute() {
  const { t, ready } = useTranslation('tickets');
  const { t: tc } = useTranslation('common');
  const meetingId = useMeeting()._id.$id;
  const tickets = useMyTickets(meetingId);
  const now = Math.floor(useNow() / 1000);

  let body: ReactNode;
  if (!ready || tickets.isPending) body = <TicketListSkeleton />;
  else if (tickets.isError) body = <ErrorState onRetry={() => void tickets.refetch()} />;
  else if (tickets.data.length === 0) {
    body = (
      <EmptyState
        icon={<TicketIcon aria-hidden="true" className="size-7" />}
        title={t('myTickets.emptyTitle')}
        description={t('myTickets.emptyDescription')}
        action={
          <ButtonLink to={activityPaths.activity.list({ meetingId })} variant="secondary">
            {t('myTickets.browse')}
          </ButtonLink>
        }
      />
    );
  } else {
    const sorted = byUpcoming(tickets.data, (ticket) => ticket.activity, now);
    const upcoming = sorted.filter((ticket) => !ticket.activity || ticket.activity.end >= now);
    const past = sorted.filter((ticket) => ticket.activity && ticket.activity.end < now);
    body = (
      <div className="space-y-8">
        {[
          { key: 'upcoming', title: t('myTickets.upcoming'), items: upcoming },
          { key: 'past', title: t('myTickets.past'), items: past },
        ]
          .filter((group) => group.items.length > 0)
          .map((group) => (
            <section key={group.key} aria-labelledby={`tickets-${group.key}`}>
              <SectionTitle id={`tickets-${group.key}`}>{group.title}</SectionTitle>
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid={`tickets-${group.key}`}>
                {group.items.map((ticket) => (
                  <li key={ticket._id.$id}>
                    <TicketCard ticket={ticket} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-[960px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.myTickets')} />
      {body}
    </div>
  );
}

export { MyTicketsRoute as Component };
