import { withQuery } from './paths.ts';

/**
 * The copilot screen (§1 AI copilot; §2 meeting pages): its part of the route table and link helper.
 * It sits apart from paths.ts so the screen's table loads with the screen — router.tsx discovers it
 * on first visit — and the floating entry on meeting pages costs the first script one short string
 * (DESIGN §10 budget). Where a card leads is in features/copilot (copilot-cards.ts), loaded with the
 * screen.
 */
export const copilotRoutes = {
  copilot: '/meeting/copilot',
} as const;

/** Link helpers of the copilot screen (typed, never string literals: DESIGN §4.8). */
export const copilotPaths = {
  /** The copilot of a meeting: its prologue and the caller's conversation. */
  copilot: ({ meetingId }: { meetingId: string }) =>
    withQuery(copilotRoutes.copilot, { meeting_id: meetingId }),
};
