import {
  addActivityInvite,
  approveTicket,
  countTickets as countTicketsContract,
  createInvitationLink,
  createTickets as createTicketsContract,
  getFormAnswers as getFormAnswersContract,
  getStaffStatus as getStaffStatusContract,
  listActivityInvites,
  listTickets as listTicketsContract,
  putFormAnswers as putFormAnswersContract,
  removeActivityInvite,
  reviewTicket as reviewTicketContract,
  updateTicket as updateTicketContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { getFormAnswers, putFormAnswers, updateTicket } from './tickets.answers.ts';
import { checkIn } from './tickets.checkin.ts';
import { addInvite, listInvites, mintInvitationLink, removeInvite } from './tickets.invites.ts';
import { createTickets } from './tickets.registration.ts';
import { reviewTicket } from './tickets.review.ts';
import { countTickets, listTickets } from './tickets.service.ts';
import { getStaffStatus } from './tickets.staff.ts';

/**
 * §7 Tickets: GET /tickets, /tickets/count, /tickets/staff (is the caller staff); POST /tickets; PUT /tickets/{id}, /tickets/{id}/approve
 * (check-in), /tickets/{id}/attends (review). §7 Forms: GET and PUT /forms/{id}/answers (a ticket's
 * answers; group=1 is the agents module's). §6 private activities: GET, POST /activities/{id}/invites,
 * DELETE /activities/{id}/invites/{invite_id}, POST /activities/{id}/invitation_links (organisers).
 * Every call needs a logged-in caller.
 */
export function ticketRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const reviewDeps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  app.route({
    ...contractRoute(listTicketsContract),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listTickets({ db, config }, { ...request.query, userId: requireUserId(request) }),
    }),
  });
  app.route({
    ...contractRoute(countTicketsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      countTickets({ db, config }, { ...request.query, userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(getStaffStatusContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getStaffStatus({ db, config }, { userId: requireUserId(request), meetingId: request.query.meeting_id }),
  });
  app.route({
    ...contractRoute(createTicketsContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const results = await createTickets(
        { db, contextTtlMs: config.REGISTRATION_CONTEXT_TTL_MS, authSecret: config.AUTH_SECRET },
        { userId: requireUserId(request), meetingId: request.actor.sessionMeetingId, body: request.body },
      );
      return { results };
    },
  });
  app.route({
    ...contractRoute(updateTicketContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const ticket = await updateTicket(
        { db },
        { userId: requireUserId(request), ticketId: request.params.id, body: request.body },
      );
      return ticket;
    },
  });
  app.route({
    ...contractRoute(approveTicket),
    config: { auth: 'required' },
    handler: async (request) =>
      checkIn(
        { db, config },
        {
          userId: requireUserId(request),
          meetingId: request.actor.sessionMeetingId,
          ticketId: request.params.id,
          code: request.body.code,
          scanKey: request.body.scan_key,
        },
      ),
  });
  app.route({
    ...contractRoute(reviewTicketContract),
    config: { auth: 'required' },
    handler: async (request) => {
      const ticket = await reviewTicket(reviewDeps, {
        userId: requireUserId(request),
        meetingId: request.actor.sessionMeetingId,
        ticketId: request.params.id,
        status: Number(request.body.status) === 2 ? 2 : 1,
        ...(request.body.reason !== undefined ? { reason: request.body.reason } : {}),
      });
      return ticket;
    },
  });
  app.route({
    ...contractRoute(getFormAnswersContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getFormAnswers(
        { db },
        {
          userId: requireUserId(request),
          formId: request.params.id,
          group: request.query.group,
          ticketId: request.query.ticket_id,
          agentId: request.query.agent_id,
        },
      ),
  });
  app.route({
    ...contractRoute(putFormAnswersContract),
    config: { auth: 'required' },
    handler: async (request) =>
      putFormAnswers(
        { db },
        {
          userId: requireUserId(request),
          formId: request.params.id,
          data: request.body.data,
          group: request.body.group,
          ticketId: request.body.ticket_id,
          agentId: request.body.agent_id,
        },
      ),
  });
  const organiser = (
    request: { actor: { sessionMeetingId: string | null }; params: { id: string } },
    userId: string,
  ) => ({
    userId,
    meetingId: request.actor.sessionMeetingId,
    activityId: request.params.id,
  });
  app.route({
    ...contractRoute(listActivityInvites),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listInvites({ db, config }, organiser(request, requireUserId(request))),
    }),
  });
  app.route({
    ...contractRoute(addActivityInvite),
    config: { auth: 'required' },
    handler: async (request) =>
      addInvite({ db, config }, { ...organiser(request, requireUserId(request)), body: request.body }),
  });
  app.route({
    ...contractRoute(removeActivityInvite),
    config: { auth: 'required' },
    handler: async (request) =>
      removeInvite(
        { db, config },
        { ...organiser(request, requireUserId(request)), inviteId: request.params.invite_id },
      ),
  });
  app.route({
    ...contractRoute(createInvitationLink),
    config: { auth: 'required' },
    handler: async (request) =>
      mintInvitationLink(
        { db, config },
        { ...organiser(request, requireUserId(request)), expiresInSeconds: request.body?.expires_in },
      ),
  });
}
