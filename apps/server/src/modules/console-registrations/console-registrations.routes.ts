import {
  addRegistrant as addRegistrantContract,
  assignSeat as assignSeatContract,
  assignSeats as assignSeatsContract,
  bulkReviewRegistrations as bulkReviewContract,
  exportRegistrations as exportContract,
  getRegistration as getRegistrationContract,
  getRegistrationOptions as getRegistrationOptionsContract,
  importRegistrants as importContract,
  listCheckins as listCheckinsContract,
  listRegistrations as listRegistrationsContract,
  registrantFileMaxBytes,
  reviewRegistration as reviewRegistrationContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId, sessionBeforeLargeBody } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { exportRegistrations, importRegistrants } from './console-registrations.files.ts';
import {
  addRegistrant,
  assignSeat,
  assignSeats,
  bulkReviewRegistrations,
  getRegistration,
  getRegistrationOptions,
  listCheckins,
  listRegistrations,
  reviewRegistration,
} from './console-registrations.service.ts';

/**
 * The console's registrations calls (DESIGN §7) under /console/meetings/{meeting_id}/: GET
 * registration-options; GET, POST
 * registrations; GET registrations/{id}; PUT registrations/{id}/review, …/{id}/seat; POST
 * registrations/review (bulk), registrations/seats (bulk), registrations/import; GET
 * registrations/export (a streamed file); GET checkins. Every call needs a logged-in caller.
 */
export function consoleRegistrationRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config };
  const reviewDeps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  app.route({
    ...contractRoute(listRegistrationsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      listRegistrations(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      }),
  });
  app.route({
    ...contractRoute(getRegistrationOptionsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getRegistrationOptions(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(exportContract),
    config: { auth: 'required' },
    handler: async (request, reply) => {
      const file = await exportRegistrations(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      });
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.stream);
    },
  });
  app.route({
    ...contractRoute(getRegistrationContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getRegistration(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(reviewRegistrationContract),
    config: { auth: 'required' },
    handler: async (request) =>
      reviewRegistration(reviewDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
        status: Number(request.body.status) === 2 ? 2 : 1,
        reason: request.body.reason,
        updatedMs: request.body.updated_at,
      }),
  });
  app.route({
    ...contractRoute(bulkReviewContract),
    config: { auth: 'required' },
    handler: async (request) =>
      bulkReviewRegistrations(reviewDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(addRegistrantContract),
    config: { auth: 'required' },
    handler: async (request) =>
      addRegistrant(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(assignSeatContract),
    config: { auth: 'required' },
    handler: async (request) =>
      assignSeat(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
        seatNumber: request.body.seat_number,
        updatedMs: request.body.updated_at,
      }),
  });
  app.route({
    ...contractRoute(assignSeatsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      assignSeats(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(importContract),
    // The base64 file (up to 5 MiB of file) is larger than the API's 1 MiB body limit.
    bodyLimit: Math.ceil((registrantFileMaxBytes * 4) / 3) + 64 * 1024,
    onRequest: sessionBeforeLargeBody(app),
    config: { auth: 'required' },
    handler: async (request) =>
      importRegistrants(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(listCheckinsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      listCheckins(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      }),
  });
}
