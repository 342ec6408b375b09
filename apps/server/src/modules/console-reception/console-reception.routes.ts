import {
  consoleReceptionLimits,
  createConsoleReceptionGuest,
  createConsoleReceptionPhase,
  deleteConsoleReceptionGuest,
  deleteConsoleReceptionPhase,
  exportConsoleReceptionGuests,
  getConsoleReceptionBoard,
  importConsoleReceptionGuests,
  listConsoleReceptionGuests,
  listConsoleReceptionPhases,
  listConsoleReceptionStaff,
  reorderConsoleReceptionPhases,
  setConsoleReceptionStatus,
  updateConsoleReceptionGuest,
  updateConsoleReceptionPhase,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId, sessionBeforeLargeBody } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { exportGuests, importGuests } from './console-reception.files.ts';
import {
  createGuest,
  createPhase,
  deleteGuest,
  deletePhase,
  getBoard,
  listGuests,
  listPhases,
  listStaff,
  reorderPhases,
  setGuestStatus,
  updateGuest,
  updatePhase,
} from './console-reception.service.ts';

/**
 * The console's reception calls (DESIGN §7; §3 Guest, Reception guest; §4; §6) under
 * /console/meetings/{meeting_id}/reception/: guests (list, create, edit, delete, status at a phase),
 * staff, import, export, phases (list, create, edit, delete, order) and the board. Logged-in callers.
 */
export function consoleReceptionRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;

  app.route({
    ...contractRoute(listConsoleReceptionGuests),
    config: auth,
    handler: async (request) =>
      listGuests(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      }),
  });
  app.route({
    ...contractRoute(createConsoleReceptionGuest),
    config: auth,
    handler: async (request) =>
      createGuest(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleReceptionGuest),
    config: auth,
    handler: async (request) =>
      updateGuest(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        guestId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleReceptionGuest),
    config: auth,
    handler: async (request) =>
      deleteGuest(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        guestId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(setConsoleReceptionStatus),
    config: auth,
    handler: async (request) =>
      setGuestStatus(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        guestId: request.params.id,
        phaseId: request.params.phase_id,
        status: request.body.status,
      }),
  });
  app.route({
    ...contractRoute(listConsoleReceptionStaff),
    config: auth,
    handler: async (request) =>
      listStaff(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(importConsoleReceptionGuests),
    // The base64 file (up to 5 MiB) is larger than the API's 1 MiB body limit.
    bodyLimit: Math.ceil((consoleReceptionLimits.importMaxBytes * 4) / 3) + 64 * 1024,
    onRequest: sessionBeforeLargeBody(app),
    config: auth,
    handler: async (request) =>
      importGuests(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(exportConsoleReceptionGuests),
    config: auth,
    handler: async (request, reply) => {
      const file = await exportGuests(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        language: request.query.lang ?? 'en',
      });
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.file);
    },
  });
  app.route({
    ...contractRoute(listConsoleReceptionPhases),
    config: auth,
    handler: async (request) =>
      listPhases(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(createConsoleReceptionPhase),
    config: auth,
    handler: async (request) =>
      createPhase(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleReceptionPhase),
    config: auth,
    handler: async (request) =>
      updatePhase(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        phaseId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleReceptionPhase),
    config: auth,
    handler: async (request) =>
      deletePhase(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        phaseId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(reorderConsoleReceptionPhases),
    config: auth,
    handler: async (request) =>
      reorderPhases(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        ids: request.body.ids,
      }),
  });
  app.route({
    ...contractRoute(getConsoleReceptionBoard),
    config: auth,
    handler: async (request) =>
      getBoard(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
}
