import {
  countMeetingSchedules,
  createEnterpriseSlot,
  deleteEnterpriseSlot,
  getCalendarFeed as getCalendarFeedContract,
  getCalendarFile as getCalendarFileContract,
  listMeetingSchedules,
  resetCalendarFeed as resetCalendarFeedContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  countSchedules,
  createSlot,
  deleteSlot,
  getCalendarFeed,
  getCalendarFile,
  listSchedules,
  resetCalendarFeed,
} from './schedules.service.ts';

/**
 * The feed is private and changes when an appointment does: calendar apps poll it (REFRESH-INTERVAL),
 * nothing in between keeps a copy.
 */
const calendarCacheControl = 'private, no-store';

/**
 * Schedule routes (§7 Meetings GET /meeting/schedules, /count; §7 Enterprises POST and DELETE
 * /enterprises/{id}/schedules; beyond the spec: GET and POST /meeting/schedules/calendar, and the
 * public feed GET /api/calendars/{secret}.ics, which a calendar app fetches with no headers at all:
 * no Apikey (the secret is its proof) and no Authorization).
 */
export function scheduleEntryRoutes(app: App): void {
  const { db, config } = app.deps;
  app.route({
    ...contractRoute(listMeetingSchedules),
    config: { auth: 'required' },
    handler: async (request) => ({
      results: await listSchedules({ db }, { ...request.query, userId: requireUserId(request) }),
    }),
  });
  app.route({
    ...contractRoute(countMeetingSchedules),
    config: { auth: 'required' },
    handler: async (request) => countSchedules({ db }, { ...request.query, userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(createEnterpriseSlot),
    config: { auth: 'required' },
    handler: async (request) =>
      createSlot(
        { db },
        { userId: requireUserId(request), enterpriseId: request.params.id, body: request.body },
      ),
  });
  app.route({
    ...contractRoute(deleteEnterpriseSlot),
    config: { auth: 'required' },
    handler: async (request) =>
      deleteSlot(
        { db },
        {
          userId: requireUserId(request),
          enterpriseId: request.params.id,
          scheduleId: request.params.schedule_id,
        },
      ),
  });
  app.route({
    ...contractRoute(getCalendarFeedContract),
    config: { auth: 'required' },
    handler: async (request) => getCalendarFeed({ db, config }, { userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(resetCalendarFeedContract),
    config: { auth: 'required' },
    handler: async (request) => resetCalendarFeed({ db, config }, { userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(getCalendarFileContract),
    config: { skipApikey: true },
    handler: async (request, reply) => {
      const text = await getCalendarFile({ db, config }, { file: request.params.file });
      reply.header('content-type', 'text/calendar; charset=utf-8');
      reply.header('cache-control', calendarCacheControl);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(text);
    },
  });
}
