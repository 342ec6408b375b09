import { ErrorCode } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { pushBodyLimitBytes } from './wechat-events.crypto.ts';
import { answerPush, answerUrlCheck, type PushAnswer } from './wechat-events.service.ts';
import { answerComponentPush } from './wechat-platform.service.ts';

/**
 * Sends an answer to WeChat: 'success', `echostr` or a reply message as they are; a refusal (4xx) in the
 * API's error envelope (DESIGN §3) — 404 not_found for an account this server does not serve, 401
 * wechat.push_invalid otherwise — since WeChat reads only the status of a refusal.
 */
function send(reply: FastifyReply, answer: PushAnswer) {
  reply.header('cache-control', 'no-store');
  if (answer.status >= 400) {
    const code = answer.status === 404 ? ErrorCode.notFound : ErrorCode.wechatPushInvalid;
    return reply.status(answer.status).send({ code, message: answer.body });
  }
  return reply.status(answer.status).type(answer.contentType).send(answer.body);
}

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

/**
 * The official accounts' message push (§7 GET /wechat/service/qrcodes needs the scan events):
 * GET /wechat/events/{appid} (WeChat's URL check: echo `echostr`) and POST /wechat/events/{appid}
 * (XML, plain or safe mode). Plain routes, not contracts: WeChat calls them, with its own signature
 * instead of a session or an Apikey; the body is read raw (≤ 64 KiB, any content type) because the
 * signature covers it.
 */
export async function wechatEventRoutes(app: App): Promise<void> {
  const deps = { db: app.deps.db, config: app.deps.config, dbKind: app.deps.dbKind };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: pushBodyLimitBytes },
    (request, body, done) => {
      request.rawBody = body as string;
      done(null, body);
    },
  );
  const schema = (summary: string) => ({
    summary,
    description: 'Implements §7 WeChat (message push of the official accounts). Called by WeChat only.',
    tags: ['wechat'],
    security: [],
  });

  app.route({
    method: 'GET',
    url: '/wechat/events/:appid',
    config: { auth: 'none', skipApikey: true },
    schema: schema(
      "WeChat's URL check of an official account's message push: answers `echostr` as text when `signature` = sha1(sort(token, timestamp, nonce)) is right and the timestamp within 5 minutes; 401 otherwise; 404 for an AppID this server does not serve. No Apikey.",
    ),
    handler: async (request, reply) => {
      const { appid } = request.params as { appid: string };
      const answer = await answerUrlCheck(deps, { appid, query: queryOf(request) }, (refusal) =>
        request.log.warn({ appid, reason: refusal.reason }, 'wechat push url check refused'),
      );
      return send(reply, answer);
    },
  });

  app.route({
    method: 'POST',
    url: '/wechat/events/:appid',
    config: { auth: 'none', skipApikey: true },
    schema: schema(
      "A message WeChat pushes for an official account (XML; plain with `signature`, or safe mode `encrypt_type=aes` with `msg_signature`, decrypted with the account's EncodingAESKey; ≤ 64 KiB; refused when older than 5 minutes). A scan of a desktop sign-in QR code (SCAN `login_<id>`, subscribe `qrscene_login_<id>`) marks the sign-in scanned or needing a bind and is answered with a text reply; anything else 'success'. 401 for a forged, stale or undecryptable push (nothing changed); 404 for an unknown AppID. No Apikey.",
    ),
    handler: async (request, reply) => {
      const { appid } = request.params as { appid: string };
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = await answerPush(deps, { appid, query: queryOf(request), body }, (refusal) =>
        request.log.warn({ appid, reason: refusal.reason }, 'wechat push refused'),
      );
      return send(reply, answer);
    },
  });

  app.route({
    method: 'POST',
    url: '/wechat/component/events',
    config: { auth: 'none', skipApikey: true },
    schema: schema(
      "An authorisation event WeChat pushes to our third-party platform (safe mode only: `msg_signature`, decrypted with WECHAT_COMPONENT_AES_KEY; ≤ 64 KiB; refused when older than 5 minutes): component_verify_ticket (stored 12 hours), authorized / updateauthorized (meetings of that account take the new refresh token), unauthorized (they forget the authorisation: 'The official account is not authorized'). Answers 'success'; 401 for a refused push; 404 when the platform is not set up. No Apikey.",
    ),
    handler: async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = await answerComponentPush(deps, { query: queryOf(request), body }, (refusal) =>
        request.log.warn({ reason: refusal.reason }, 'wechat component push refused'),
      );
      return send(reply, answer);
    },
  });
}
