import { PassThrough } from 'node:stream';
import {
  askCopilot as askContract,
  closeCopilotConversation as closeContract,
  getCopilotConversation as getContract,
  rateCopilotMessage as rateContract,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { type LimitRule, useRateLimits } from '../../plugins/rate-limit.ts';
import { copilotAddressLimits } from './copilot.limits.ts';
import {
  type CopilotDeps,
  closeConversation,
  type Emit,
  getConversation,
  languageOf,
  prepareQuestion,
  rateMessage,
  streamAnswer,
} from './copilot.service.ts';

/**
 * The copilot's public calls (§1 AI copilot): GET/DELETE /copilot/conversation, POST
 * /copilot/messages (a server-sent event stream; refusals before it are JSON 4xx) and PUT
 * /copilot/messages/{id}/rating. Meeting content rules apply (`isGuestViewable`): a meeting closed
 * to visitors needs a login. Questions are limited per client address first (copilotAddressLimits:
 * 429 too_frequent with Retry-After), then per asker. `options` replace the provider, the built-in
 * assistant, the clock or the address limits (tests, benches).
 */
export function copilotRoutes(
  app: App,
  options: Partial<CopilotDeps> & { addressLimits?: readonly LimitRule[] | undefined } = {},
): void {
  const { db, config, jobs } = app.deps;
  const { addressLimits = copilotAddressLimits, ...overrides } = options;
  const deps: CopilotDeps = { db, config, jobs, ...overrides };
  const limits = useRateLimits(app);
  const actorOf = (request: FastifyRequest) => ({
    userId: request.actor.userId,
    deviceId: request.actor.deviceId,
  });

  app.route({
    ...contractRoute(getContract),
    config: { isGuestViewable: true },
    handler: async (request) =>
      getConversation(deps, { meetingId: request.query.meeting_id, actor: actorOf(request) }),
  });

  app.route({
    ...contractRoute(closeContract),
    config: { isGuestViewable: true },
    handler: async (request) =>
      closeConversation(deps, { meetingId: request.query.meeting_id, actor: actorOf(request) }),
  });

  app.route({
    ...contractRoute(rateContract),
    config: { isGuestViewable: true },
    handler: async (request) =>
      rateMessage(deps, {
        meetingId: request.body.meeting_id,
        messageId: request.params.id,
        rating: request.body.rating,
        actor: actorOf(request),
      }),
  });

  app.route({
    ...contractRoute(askContract),
    config: { isGuestViewable: true },
    handler: async (request, reply) => {
      const { meeting_id, content, conversation_id, language } = request.body;
      // Per address before anything else: a fresh device id per question gets no fresh allowance.
      await limits.consumeAll(addressLimits.map((rule) => ({ rule, key: request.ip })));
      // The asker may leave while the question is checked and stored: watch from now on, so the
      // provider is never called for nobody (the response's 'close' fires on a dropped connection
      // before anything was sent, too).
      const asker = new AbortController();
      let stream: PassThrough | undefined;
      reply.raw.on('close', () => {
        if (!stream?.writableEnded) asker.abort();
      });
      // Every refusal (length, switch, limits) is thrown here, before the stream: a JSON 4xx.
      const prepared = await prepareQuestion(deps, {
        meetingId: meeting_id,
        content,
        conversationId: conversation_id,
        language: languageOf(language, request.headers['accept-language']),
        actor: actorOf(request),
      });
      const out = new PassThrough();
      stream = out;
      // The socket, not the request: Node destroys a request stream once its body is read, so
      // `request.raw.destroyed` is true for every POST that reaches here. A socket whose reading side
      // ended got the client's FIN: it left (a browser keeps its side open until the answer is read).
      const socket = request.raw.socket;
      if (socket.destroyed || socket.readableEnded || reply.raw.destroyed) asker.abort();
      const emit: Emit = (event, data) => {
        if (!out.writableEnded) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // An aborted signal (the asker left) stores a failed answer and frees the asker at once.
      void streamAnswer(deps, prepared, emit, asker.signal)
        .catch((error: unknown) => request.log.error({ err: error }, 'copilot answer failed'))
        .finally(() => out.end());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(out as unknown as string);
    },
  });
}
