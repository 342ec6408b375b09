import { withQuery } from './paths.ts';

/**
 * The activity, registration, group (agent), ticket and check-in pages (§2): their part of
 * the route table, their titles (`common` pages.*) and link helpers. They sit apart from paths.ts so
 * they load with those pages — router.tsx discovers the pages on first visit — not with the home
 * page's first script (DESIGN §5 budget).
 */
export const activityRoutes = {
  activityList: '/meeting/activity/list',
  activityDetail: '/meeting/activity/detail',
  activityForm: '/activity/form',
  activitySuccess: '/activity/success',
  /** Check-in by staff (§2 "/activity/register sign-in"). */
  activityRegister: '/activity/register',
  /** Participant list of an activity (§2 activity/tickets). */
  activityTickets: '/activity/tickets',
  activityAgent: '/activity/agent',
  activityAgentForm: '/activity/agent/form',
  agentV2Form: '/m/:meetingId/a/:activityId/agent/v2/form/:priceId?',
  agentV2TicketForm: '/m/:meetingId/a/:activityId/agent/v2/t/:ticketId/form',
  /** §2 ActivityAgentV2Ticket: the group's tickets. */
  agentV2Ticket: '/meeting/:meetingId/activity/:activityId/agent/v2/ticket',
  agentV2: '/meeting/:meetingId/activity/:activityId/agent/v2/:mode?',
  activityFormRedirect: '/meeting/:meetingId/activity/:activityId/form',
  activityAgentRedirect: '/meeting/:meetingId/activity/:activityId/agent',
  myRegistration: '/my/registration',
  myRegistrationTicket: '/my/registration/ticket',
  myTickets: '/my/tickets',
  myEvent: '/my/event',
} as const;

/** Catalogue key (namespace `common`) of each activity page's title. */
export const activityRouteTitles = {
  [activityRoutes.activityList]: 'pages.activityList',
  [activityRoutes.activityDetail]: 'pages.activityDetail',
  [activityRoutes.activityForm]: 'pages.activityForm',
  [activityRoutes.activitySuccess]: 'pages.activitySuccess',
  [activityRoutes.activityRegister]: 'pages.activityRegister',
  [activityRoutes.activityTickets]: 'pages.activityTickets',
  [activityRoutes.activityAgent]: 'pages.activityAgent',
  [activityRoutes.activityAgentForm]: 'pages.activityAgentForm',
  [activityRoutes.agentV2Form]: 'pages.activityAgentForm',
  [activityRoutes.agentV2TicketForm]: 'pages.activityAgentForm',
  [activityRoutes.agentV2Ticket]: 'pages.agentTickets',
  [activityRoutes.agentV2]: 'pages.activityAgent',
  [activityRoutes.myRegistration]: 'pages.myRegistration',
  [activityRoutes.myRegistrationTicket]: 'pages.myRegistrationTicket',
  [activityRoutes.myTickets]: 'pages.myTickets',
  [activityRoutes.myEvent]: 'pages.myEvent',
} as const;
export type ActivityRouteTitleKey = (typeof activityRouteTitles)[keyof typeof activityRouteTitles];

type MeetingArg = { meetingId: string };

/** Link helpers of the activity pages (typed, never string literals: DESIGN §4.8). */
export const activityPaths = {
  activity: {
    list: ({ meetingId }: MeetingArg) => withQuery(activityRoutes.activityList, { meeting_id: meetingId }),
    /** An activity; `sourceId` is the registration channel the visitor came through. */
    detail: ({ meetingId, activityId, sourceId }: MeetingArg & { activityId: string; sourceId?: string }) =>
      withQuery(activityRoutes.activityDetail, {
        activity_id: activityId,
        meeting_id: meetingId,
        source_id: sourceId,
      }),
    /** The registration form; `ticketId` reopens a ticket's answers for resubmission. */
    form: ({ meetingId, activityId, ticketId }: MeetingArg & { activityId: string; ticketId?: string }) =>
      withQuery(activityRoutes.activityForm, {
        activity_id: activityId,
        meeting_id: meetingId,
        ticket_id: ticketId,
      }),
    success: ({ meetingId, activityId, ticketId }: MeetingArg & { activityId: string; ticketId?: string }) =>
      withQuery(activityRoutes.activitySuccess, {
        activity_id: activityId,
        meeting_id: meetingId,
        ticket_id: ticketId,
      }),
    /** Staff check-in (scan or type a ticket code). */
    checkIn: ({ meetingId, activityId }: MeetingArg & { activityId?: string }) =>
      withQuery(activityRoutes.activityRegister, { activity_id: activityId, meeting_id: meetingId }),
    participants: ({ meetingId, activityId }: MeetingArg & { activityId: string }) =>
      withQuery(activityRoutes.activityTickets, { activity_id: activityId, meeting_id: meetingId }),
  },
  agent: {
    /** v1: the group's details, then its members. */
    v1: ({ meetingId, activityId, agentId }: MeetingArg & { activityId: string; agentId?: string }) =>
      withQuery(activityRoutes.activityAgent, {
        meeting_id: meetingId,
        activity_id: activityId,
        agent_id: agentId,
      }),
    v1Form: ({ meetingId, activityId, agentId }: MeetingArg & { activityId: string; agentId: string }) =>
      withQuery(activityRoutes.activityAgentForm, {
        meeting_id: meetingId,
        activity_id: activityId,
        agent_id: agentId,
      }),
    /** v2 landing (`mode` e.g. 'members'); `agentId` in the query once the group exists. */
    v2: ({
      meetingId,
      activityId,
      mode,
      agentId,
    }: MeetingArg & { activityId: string; mode?: string; agentId?: string }) =>
      withQuery(
        `/meeting/${encodeURIComponent(meetingId)}/activity/${encodeURIComponent(activityId)}/agent/v2${mode ? `/${encodeURIComponent(mode)}` : ''}`,
        { agent_id: agentId },
      ),
    v2Form: ({
      meetingId,
      activityId,
      priceId,
      agentId,
    }: MeetingArg & { activityId: string; priceId?: string; agentId?: string }) =>
      withQuery(
        `/m/${encodeURIComponent(meetingId)}/a/${encodeURIComponent(activityId)}/agent/v2/form${priceId ? `/${encodeURIComponent(priceId)}` : ''}`,
        { agent_id: agentId },
      ),
    v2TicketForm: ({
      meetingId,
      activityId,
      ticketId,
      agentId,
    }: MeetingArg & { activityId: string; ticketId: string; agentId?: string }) =>
      withQuery(
        `/m/${encodeURIComponent(meetingId)}/a/${encodeURIComponent(activityId)}/agent/v2/t/${encodeURIComponent(ticketId)}/form`,
        { agent_id: agentId },
      ),
    v2Tickets: ({ meetingId, activityId, agentId }: MeetingArg & { activityId: string; agentId?: string }) =>
      withQuery(
        `/meeting/${encodeURIComponent(meetingId)}/activity/${encodeURIComponent(activityId)}/agent/v2/ticket`,
        { agent_id: agentId },
      ),
  },
  registration: {
    list: ({ meetingId }: MeetingArg) => withQuery(activityRoutes.myRegistration, { meeting_id: meetingId }),
    ticket: ({ meetingId, ticketId }: MeetingArg & { ticketId: string }) =>
      withQuery(activityRoutes.myRegistrationTicket, { ticket_id: ticketId, meeting_id: meetingId }),
  },
  myTickets: ({ meetingId }: MeetingArg) => withQuery(activityRoutes.myTickets, { meeting_id: meetingId }),
  myEvent: ({ meetingId }: MeetingArg) => withQuery(activityRoutes.myEvent, { meeting_id: meetingId }),
} as const;
