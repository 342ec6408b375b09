import { lazy } from 'react';
import { TicketRoute } from '../features/tickets/routes/ticket-route.tsx';

/** The credits and union code card (§7 GET /activities/{id}/credits), in its own chunk. */
const TicketCreditsCard = lazy(() =>
  import('../features/credits/components/ticket-credits.tsx').then((module) => ({
    default: module.TicketCreditsCard,
  })),
);

/**
 * /my/registration/ticket (§2): the tickets feature's full ticket with the credits feature's card
 * under it. The two features stay independent; they meet here, in the app.
 */
function TicketPage() {
  return <TicketRoute Extra={TicketCreditsCard} />;
}

export { TicketPage as Component };
