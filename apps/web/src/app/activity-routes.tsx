import { activityPaths, activityRouteTitles, activityRoutes as routes } from '../lib/activity-paths.ts';
import type { PageRoute, RouteHandle, RouteParams } from './page-route.ts';

/**
 * §2 redirects `/meeting/{meetingId}/activity/{activityId}/form|agent`: open the form, or the group
 * page of the activity's flow (`/activity/agent` forwards to v2 when the activity uses it).
 */
function toActivityPage(page: 'form' | 'agent') {
  return (params: RouteParams, search: URLSearchParams) => {
    const meetingId = params.meetingId ?? '';
    const activityId = params.activityId ?? '';
    const source = search.get('source_id') ?? undefined;
    const target =
      page === 'form'
        ? activityPaths.activity.form({ meetingId, activityId })
        : activityPaths.agent.v1({ meetingId, activityId });
    return source ? `${target}&source_id=${encodeURIComponent(source)}` : target;
  };
}

/** The handle of an activity page, titled from activity-paths.ts (§2 title rule). */
const handle = (
  path: keyof typeof activityRouteTitles,
  options: Omit<RouteHandle, 'titleKey'> = {},
): RouteHandle => ({ titleKey: activityRouteTitles[path], ...options });

/**
 * The activity, registration, group (agent) registration, ticket and check-in pages (§2),
 * pages of the meeting area. router.tsx loads this table when an address of theirs is first visited.
 */
export const activityPages: PageRoute[] = [
  {
    path: routes.activityList,
    handle: handle(routes.activityList),
    lazy: () => import('./activity-list-page.tsx'),
  },
  {
    path: routes.activityDetail,
    handle: handle(routes.activityDetail),
    lazy: () => import('../features/activities/routes/activity-detail-route.tsx'),
  },
  {
    path: routes.activityForm,
    handle: handle(routes.activityForm, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/activity-form-route.tsx'),
  },
  {
    path: routes.activitySuccess,
    handle: handle(routes.activitySuccess, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/activity-success-route.tsx'),
  },
  { path: routes.activityFormRedirect, redirect: toActivityPage('form') },
  { path: routes.activityAgentRedirect, redirect: toActivityPage('agent') },
  {
    path: routes.activityAgent,
    handle: handle(routes.activityAgent, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/agent-v1-route.tsx'),
  },
  {
    path: routes.activityAgentForm,
    handle: handle(routes.activityAgentForm, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/agent-v1-form-route.tsx'),
  },
  {
    path: routes.agentV2Form,
    handle: handle(routes.agentV2Form, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/agent-v2-form-route.tsx'),
  },
  {
    path: routes.agentV2TicketForm,
    handle: handle(routes.agentV2TicketForm, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/agent-v2-form-route.tsx'),
  },
  {
    path: routes.agentV2Ticket,
    handle: handle(routes.agentV2Ticket, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/agent-v2-tickets-route.tsx'),
  },
  {
    path: routes.agentV2,
    handle: handle(routes.agentV2, { requireLogin: true }),
    lazy: () => import('../features/activities/routes/agent-v2-route.tsx'),
  },
  {
    path: routes.activityRegister,
    handle: handle(routes.activityRegister, { requireLogin: true }),
    lazy: () => import('../features/tickets/routes/check-in-route.tsx'),
  },
  {
    path: routes.activityTickets,
    handle: handle(routes.activityTickets, { requireLogin: true }),
    lazy: () => import('../features/tickets/routes/participants-route.tsx'),
  },
  {
    path: routes.myRegistration,
    handle: handle(routes.myRegistration, { requireLogin: true }),
    lazy: () => import('../features/tickets/routes/my-registration-route.tsx'),
  },
  {
    path: routes.myRegistrationTicket,
    handle: handle(routes.myRegistrationTicket, { requireLogin: true }),
    lazy: () => import('./ticket-page.tsx'),
  },
  {
    path: routes.myTickets,
    handle: handle(routes.myTickets, { requireLogin: true }),
    lazy: () => import('../features/tickets/routes/my-tickets-route.tsx'),
  },
  {
    path: routes.myEvent,
    handle: handle(routes.myEvent, { requireLogin: true }),
    lazy: () => import('../features/tickets/routes/my-event-route.tsx'),
  },
];
