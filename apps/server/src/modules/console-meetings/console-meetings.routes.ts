import {
  consoleArchiveMeeting,
  consoleCreateMeeting,
  consoleCreateRoom,
  consoleCreateSession,
  consoleCreateSpeaker,
  consoleDeleteMeeting,
  consoleDeleteRoom,
  consoleDeleteSession,
  consoleDeleteSpeaker,
  consoleExportCalendar,
  consoleExportSchedule,
  consoleGetMeeting,
  consoleGetProgramme,
  consoleImportSchedule,
  consolePreviewSchedule,
  consoleRestoreMeeting,
  consoleUpdateMeeting,
  consoleUpdateRoom,
  consoleUpdateSession,
  consoleUpdateSpeaker,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId, sessionBeforeLargeBody } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { publicBase } from '../shared/public-links.ts';
import {
  applySchedule,
  createRoom,
  createSession,
  createSpeaker,
  editRoom,
  editSession,
  editSpeaker,
  exportProgrammeCalendar,
  exportProgrammeJson,
  getProgramme,
  previewSchedule,
  removeRoom,
  removeSession,
  removeSpeaker,
} from './console-meetings.programme.ts';
import {
  archiveMeeting,
  createMeeting,
  deleteMeeting,
  getMeeting,
  restoreMeeting,
  updateMeeting,
} from './console-meetings.service.ts';

/**
 * A schedule file travels in the body (JSON or form-encoded text): past the app's 1 MiB body limit,
 * up to the contract's 8 Mi characters (percent-encoding may triple non-ASCII text).
 */
const scheduleBodyLimitBytes = 32 * 1024 * 1024;

/**
 * The console's meetings and programme calls (DESIGN §7; §3 Meeting, Agenda, Speaker):
 * POST /console/meetings; GET, PUT, DELETE /console/meetings/{meeting_id}; POST …/archive, …/restore;
 * GET …/programme, POST …/programme/preview, …/programme/import, GET …/programme/schedule.json,
 * …/programme/calendar.ics; POST, PUT, DELETE …/sessions, …/speakers, …/rooms. Every call needs a
 * logged-in caller; the role checks are the services'.
 */
export function consoleMeetingRoutes(app: App): void {
  const { db, config, cache } = app.deps;
  const deps = { db, config, cache };
  const auth = { auth: 'required' as const };
  const caller = (request: FastifyRequest & { params: { meeting_id: string } }) => ({
    userId: requireUserId(request),
    meetingId: request.params.meeting_id,
  });

  app.route({
    ...contractRoute(consoleCreateMeeting),
    config: auth,
    bodyLimit: scheduleBodyLimitBytes,
    onRequest: sessionBeforeLargeBody(app),
    handler: async (request) => createMeeting(deps, { userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(consoleGetMeeting),
    config: auth,
    handler: async (request) => getMeeting(deps, caller(request)),
  });
  app.route({
    ...contractRoute(consoleUpdateMeeting),
    config: auth,
    handler: async (request) => updateMeeting(deps, { ...caller(request), body: request.body }),
  });
  app.route({
    ...contractRoute(consoleArchiveMeeting),
    config: auth,
    handler: async (request) =>
      archiveMeeting(deps, {
        ...caller(request),
        old: request.body.old,
        updatedAtMs: request.body.updated_at_ms,
      }),
  });
  app.route({
    ...contractRoute(consoleDeleteMeeting),
    config: auth,
    handler: async (request) => deleteMeeting(deps, caller(request)),
  });
  app.route({
    ...contractRoute(consoleRestoreMeeting),
    config: auth,
    handler: async (request) => restoreMeeting(deps, caller(request)),
  });

  app.route({
    ...contractRoute(consoleGetProgramme),
    config: auth,
    handler: async (request) => getProgramme(deps, caller(request)),
  });
  app.route({
    ...contractRoute(consolePreviewSchedule),
    config: auth,
    bodyLimit: scheduleBodyLimitBytes,
    onRequest: sessionBeforeLargeBody(app),
    handler: async (request) => previewSchedule(deps, { ...caller(request), text: request.body.schedule }),
  });
  app.route({
    ...contractRoute(consoleImportSchedule),
    config: auth,
    bodyLimit: scheduleBodyLimitBytes,
    onRequest: sessionBeforeLargeBody(app),
    handler: async (request) => applySchedule(deps, { ...caller(request), text: request.body.schedule }),
  });
  app.route({
    ...contractRoute(consoleExportSchedule),
    config: auth,
    handler: async (request, reply) => {
      const document = await exportProgrammeJson(deps, caller(request));
      reply.header('cache-control', 'private, no-store');
      return document;
    },
  });
  app.route({
    ...contractRoute(consoleExportCalendar),
    config: auth,
    handler: async (request, reply) => {
      const text = await exportProgrammeCalendar(deps, {
        ...caller(request),
        publicBase: publicBase(config),
      });
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(text);
    },
  });

  app.route({
    ...contractRoute(consoleCreateSession),
    config: auth,
    handler: async (request) => createSession(deps, { ...caller(request), body: request.body }),
  });
  app.route({
    ...contractRoute(consoleUpdateSession),
    config: auth,
    handler: async (request) =>
      editSession(deps, { ...caller(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(consoleDeleteSession),
    config: auth,
    handler: async (request) => removeSession(deps, { ...caller(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(consoleCreateSpeaker),
    config: auth,
    handler: async (request) => createSpeaker(deps, { ...caller(request), body: request.body }),
  });
  app.route({
    ...contractRoute(consoleUpdateSpeaker),
    config: auth,
    handler: async (request) =>
      editSpeaker(deps, { ...caller(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(consoleDeleteSpeaker),
    config: auth,
    handler: async (request) => removeSpeaker(deps, { ...caller(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(consoleCreateRoom),
    config: auth,
    handler: async (request) => createRoom(deps, { ...caller(request), body: request.body }),
  });
  app.route({
    ...contractRoute(consoleUpdateRoom),
    config: auth,
    handler: async (request) =>
      editRoom(deps, { ...caller(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(consoleDeleteRoom),
    config: auth,
    handler: async (request) => removeRoom(deps, { ...caller(request), id: request.params.id }),
  });
}
