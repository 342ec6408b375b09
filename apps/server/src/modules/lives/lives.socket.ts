import { isObjectId, liveChatSocketPath } from '@app/contracts';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { App } from '../../app-types.ts';
import { unix } from '../../db/wire.ts';
import { type LimitRule, rateLimitsFor } from '../../plugins/rate-limit.ts';
import { isBannedFromLive } from './lives.chat.repository.ts';
import { liveClock } from './lives.clock.ts';
import { liveHubInternalOf, liveSocketCloseCodes } from './lives.hub.ts';
import { verifyChatTicket } from './lives.ticket.ts';

/**
 * The live room socket (§7 Lives chat, DESIGN §9 real time): GET /api/lives/{id}/chat/socket?ticket=…
 * with Upgrade: websocket. The ticket (POST /lives/{id}/chat/tickets, 60 s, once) proves the right to
 * watch; a missing, forged, expired, spent or other-live ticket closes the socket at once with 4401, a
 * banned user's with 4403, a viewer's socket beyond `maxSocketsPerViewer` on the live with 4429, and
 * every socket of the live with 4408 when the right to watch changes (the client then asks for a new
 * ticket) — never an HTTP error page nor a stack. The server only pushes (LiveSocketEvent JSON text
 * frames); what a client sends is ignored, and a client that floods closes with 1008. The server pings
 * every 25 s and drops a socket that did not answer the previous ping; the hub drops a socket with
 * more than 1 MiB unsent (a reader that does not keep up). Not an OpenAPI operation.
 */

/** Seconds between server pings; a socket silent for two rounds is dropped. */
export const socketPingSeconds = 25;
/** Largest frame a client may send (they send nothing meaningful). */
const maxInboundBytes = 1024;
/** Inbound frames tolerated between two pings (25 s) before the socket is closed (1008 policy violation). */
const maxInboundPerPing = 50;

type TrackedSocket = { isAlive: boolean; inbound: number };

/** A ticket opens one socket: its first use counts, a second within its lifetime is refused. */
const ticketUseRule: LimitRule = { name: 'live-ticket-use', points: 1, durationSeconds: 120 };

/**
 * Registers @fastify/websocket (in the caller's encapsulated scope) and the room socket route. The
 * hub is created here, before the app is ready, and its Redis subscription is awaited on ready so a
 * replica hears its first room event.
 */
export async function liveSocketRoutes(app: App): Promise<void> {
  const hub = liveHubInternalOf(app);
  app.addHook('onReady', () => hub.ready());
  await app.register(websocket, {
    options: { maxPayload: maxInboundBytes, perMessageDeflate: false },
    // On shutdown (a deploy), viewers hear 1001 'going away' and reconnect to another replica.
    preClose(done) {
      for (const client of this.websocketServer.clients)
        client.close(liveSocketCloseCodes.shutdown, 'server closing');
      this.websocketServer.close(() => done());
    },
  });

  const sockets = new Map<WebSocket, TrackedSocket>();
  const pinger = setInterval(() => {
    for (const [socket, state] of sockets) {
      if (!state.isAlive) {
        socket.terminate();
        continue;
      }
      state.isAlive = false;
      state.inbound = 0;
      socket.ping();
    }
  }, socketPingSeconds * 1000);
  pinger.unref();
  app.addHook('onClose', async () => {
    clearInterval(pinger);
  });

  const { db, config } = app.deps;
  app.route({
    method: 'GET',
    url: `/${liveChatSocketPath.replace(/^\//, '')}`,
    websocket: true,
    // Browsers cannot sign a WebSocket request (§7 Apikey); the ticket is the proof. Any token is ignored.
    config: { skipApikey: true, auth: 'none' },
    schema: { hide: true },
    handler: async (socket: WebSocket, request) => {
      socket.on('error', (err) => request.log.debug({ err }, 'live socket error'));
      const liveId = String((request.params as { id?: string }).id ?? '');
      const ticket = String((request.query as { ticket?: unknown }).ticket ?? '');
      const claims = isObjectId(liveId)
        ? verifyChatTicket(config.AUTH_SECRET, ticket, liveId, unix(liveClock.now()))
        : null;
      if (!claims) {
        socket.close(liveSocketCloseCodes.ticketInvalid, 'ticket invalid');
        return;
      }
      const state: TrackedSocket = { isAlive: true, inbound: 0 };
      // Attach at once, before any await: the client opens, then reads the history over HTTP, and no
      // event may fall between the two. The checks that need a round trip come after.
      // One viewer (the user, else the ticket's device) holds at most a few sockets per live: the
      // next is closed with 4429, so a script cannot pile up sockets on one identity.
      const viewerKey = claims.userId
        ? `u:${claims.userId}`
        : claims.deviceId
          ? `d:${claims.deviceId}`
          : null;
      const detach = hub.attach(liveId, socket, claims.userId, viewerKey);
      if (socket.readyState !== socket.OPEN) return;
      sockets.set(socket, state);
      socket.on('close', () => {
        detach();
        sockets.delete(socket);
      });
      socket.on('pong', () => {
        state.isAlive = true;
      });
      socket.on('message', () => {
        state.inbound += 1;
        if (state.inbound > maxInboundPerPing) socket.close(1008, 'too many frames');
      });
      try {
        // A ticket opens one socket; a banned user's socket closes.
        if (!(await rateLimitsFor(config).hit(ticketUseRule, claims.useKey)).isAllowed) {
          socket.close(liveSocketCloseCodes.ticketInvalid, 'ticket spent');
          return;
        }
        if (claims.userId && (await isBannedFromLive(db, liveId, claims.userId)))
          socket.close(liveSocketCloseCodes.banned, 'banned');
      } catch (err) {
        request.log.warn({ err }, 'live socket: ticket or ban check failed');
      }
    },
  });
}
