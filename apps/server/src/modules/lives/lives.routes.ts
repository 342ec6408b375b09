import {
  authorizeLiveIngest,
  checkoutLive,
  countLives,
  createConsoleLive as createConsoleLiveContract,
  deleteConsoleLive as deleteConsoleLiveContract,
  getConsoleLive as getConsoleLiveContract,
  getConsoleLiveIngest as getConsoleLiveIngestContract,
  getLivePermission,
  listConsoleLives as listConsoleLivesContract,
  listLives,
  pauseConsoleLive as pauseConsoleLiveContract,
  rotateConsoleLiveIngest as rotateConsoleLiveIngestContract,
  updateConsoleLive as updateConsoleLiveContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  createConsoleLive,
  deleteConsoleLive,
  getConsoleLive,
  getConsoleLiveIngest,
  listConsoleLives,
  pauseConsoleLive,
  rotateConsoleLiveIngest,
  updateConsoleLive,
} from './lives.console.ts';
import { liveHubOf } from './lives.hub.ts';
import { wakeLiveJobs } from './lives.reminders.ts';
import { meetingOfLive } from './lives.repository.ts';
import {
  authorizeIngest,
  checkoutLivePass,
  countShownLivesOf,
  getLivePermissionOf,
  ingestReadGate,
  listShownLives,
} from './lives.service.ts';

/**
 * The password of an `Authorization: Basic <base64(user:password)>` header (what MediaMTX's HTTP
 * client sends when authHTTPAddress carries `user:secret@host`), or undefined.
 */
export function basicPasswordOf(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(text ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && colon < decoded.length - 1 ? decoded.slice(colon + 1) : undefined;
}

/**
 * Lives (§7 Lives: GET /lives, /lives/count, /lives/{id}/permission; POST /lives/{id}/checkouts; the
 * MediaMTX callback POST /lives/ingest/auth) and the console's lives area (lives.edit). The chat,
 * audience and reminder routes live in their own files of this module.
 */
export function liveRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config };
  const consoleDeps = { db, config, jobs };
  const auth = { auth: 'required' } as const;

  /** Tells the room (every replica) a live's new state; never fails the request that caused it. */
  const announce = async (liveId: string, state: Parameters<typeof stateEvent>[0]) => {
    try {
      await liveHubOf(app).publish(liveId, stateEvent(state));
    } catch (error) {
      app.log.warn({ err: error, liveId }, 'live state not published');
    }
  };

  app.route({
    ...contractRoute(listLives),
    handler: async (request) => listShownLives(deps, request.query),
  });
  app.route({
    ...contractRoute(countLives),
    handler: async (request) => countShownLivesOf(deps, request.query),
  });
  app.route({
    ...contractRoute(getLivePermission),
    config: {
      isGuestViewable: true,
      guestMeetingOf: (request) => meetingOfLive(db, (request.params as { id?: string }).id ?? ''),
    },
    handler: async (request) =>
      getLivePermissionOf(deps, {
        liveId: request.params.id,
        userId: request.actor.userId,
        deviceId: request.actor.deviceId,
      }),
  });
  app.route({
    ...contractRoute(checkoutLive),
    config: auth,
    handler: async (request) =>
      checkoutLivePass(consoleDeps, {
        liveId: request.params.id,
        userId: requireUserId(request),
        sessionMeetingId: request.actor.sessionMeetingId,
        body: request.body,
      }),
  });
  const canRead = ingestReadGate(db);
  app.route({
    ...contractRoute(authorizeLiveIngest),
    // MediaMTX calls without Apikey or session; the shared secret is the proof: header
    // x-ingest-secret, Basic auth's password (kept out of access logs) or ?secret=.
    config: { skipApikey: true, auth: 'none' },
    handler: async (request) => {
      const header = request.headers['x-ingest-secret'];
      const query = request.query as Record<string, unknown> | undefined;
      const secret =
        (typeof header === 'string' ? header : undefined) ??
        basicPasswordOf(request.headers.authorization) ??
        (typeof query?.secret === 'string' ? query.secret : undefined);
      return authorizeIngest({ ...deps, canRead }, { ...request.body, secret });
    },
  });

  // ————— Console (lives.edit) —————
  const caller = (request: { params: { meeting_id: string } }) => ({ meetingId: request.params.meeting_id });
  app.route({
    ...contractRoute(listConsoleLivesContract),
    config: auth,
    handler: async (request) =>
      listConsoleLives(consoleDeps, { ...caller(request), userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(getConsoleLiveContract),
    config: auth,
    handler: async (request) =>
      getConsoleLive(consoleDeps, {
        ...caller(request),
        userId: requireUserId(request),
        liveId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(createConsoleLiveContract),
    config: auth,
    handler: async (request) => {
      const live = await createConsoleLive(consoleDeps, {
        ...caller(request),
        userId: requireUserId(request),
        body: request.body,
      });
      wakeLiveJobs(jobs);
      return live;
    },
  });
  app.route({
    ...contractRoute(updateConsoleLiveContract),
    config: auth,
    handler: async (request) => {
      const live = await updateConsoleLive(consoleDeps, {
        ...caller(request),
        userId: requireUserId(request),
        liveId: request.params.id,
        body: request.body,
      });
      wakeLiveJobs(jobs);
      await announce(request.params.id, live.state);
      return live;
    },
  });
  app.route({
    ...contractRoute(deleteConsoleLiveContract),
    config: auth,
    handler: async (request) =>
      deleteConsoleLive(consoleDeps, {
        ...caller(request),
        userId: requireUserId(request),
        liveId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(pauseConsoleLiveContract),
    config: auth,
    handler: async (request) => {
      const live = await pauseConsoleLive(consoleDeps, {
        ...caller(request),
        userId: requireUserId(request),
        liveId: request.params.id,
        paused: request.body.paused,
      });
      await announce(request.params.id, live.state);
      return live;
    },
  });
  app.route({
    ...contractRoute(getConsoleLiveIngestContract),
    config: auth,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getConsoleLiveIngest(consoleDeps, {
        ...caller(request),
        userId: requireUserId(request),
        liveId: request.params.id,
      });
    },
  });
  app.route({
    ...contractRoute(rotateConsoleLiveIngestContract),
    config: auth,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return rotateConsoleLiveIngest(consoleDeps, {
        ...caller(request),
        userId: requireUserId(request),
        liveId: request.params.id,
      });
    },
  });
}

/** The room event of a state change (§4). */
function stateEvent(state: 'coming_soon' | 'streaming' | 'paused' | 'ended' | 'replay') {
  return { type: 'state' as const, state };
}
