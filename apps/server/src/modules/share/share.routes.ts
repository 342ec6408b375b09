import { createHash } from 'node:crypto';
import {
  createShortLink as createShortLinkContract,
  getShareCard as getShareCardContract,
  isShareType,
  resolveShortLink as resolveShortLinkContract,
  shareTargets,
} from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import { AppError } from '../../errors.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { type LimitRule, useRateLimits } from '../../plugins/rate-limit.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { escapeHtml } from './share.page.ts';
import {
  createShortLink,
  followShortLink,
  getShareCard,
  getSharePage,
  type ShareDeps,
} from './share.service.ts';

/**
 * Five minutes: a card's URL stays the same when its item changes, so browsers keep it only briefly;
 * the ETag makes revalidation cheap, and the stored render makes a miss of the browser cache cheap.
 */
const cardCacheControl = 'public, max-age=300';

/** At most 60 new short links a minute per address. */
const shortLinkRule: LimitRule = { name: 'short-links', points: 60, durationSeconds: 60 };

/** 24-hex ids only reach the database; anything else is treated as no id. */
const objectId = /^[0-9a-f]{24}$/i;

function depsOf(app: App, storage?: Storage): ShareDeps {
  const { db, config } = app.deps;
  return { db, config, storage: storage ?? createStorage(config) };
}

/**
 * Share cards and short links under /api (§2 share links, §7 Static):
 * - GET /share/:type/card.png — the PNG card (public, no Apikey), ETag + 304, `X-Share-Card-Cache`;
 * - GET /short_links?target= — the short-link hash of an allowed target (rate limited);
 * - GET /short_links/:hash — 302 to the stored target, 404 otherwise (no Apikey: a plain link).
 */
export async function shareRoutes(app: App, options: { storage?: Storage } = {}): Promise<void> {
  const deps = depsOf(app, options.storage);
  const limits = useRateLimits(app);

  app.route({
    ...contractRoute(getShareCardContract),
    config: { skipApikey: true },
    handler: async (request, reply) => {
      const type = request.params.type;
      if (!isShareType(type)) throw new Error('unreachable: the contract names every share type');
      const id = request.query.id;
      const { object, isRendered } = await getShareCard(deps, {
        type,
        meetingId: request.query.meeting_id,
        id: id && objectId.test(id) ? id.toLowerCase() : undefined,
        lang: request.query.lang,
        size: request.query.size ?? 'card',
      });
      reply.header('cache-control', cardCacheControl);
      reply.header('etag', object.etag);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-share-card-cache', isRendered ? 'miss' : 'hit');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === object.etag)) {
        object.body.destroy();
        return (reply as unknown as FastifyReply).status(304).send();
      }
      reply.header('content-type', 'image/png');
      reply.header('content-length', object.size);
      reply.header('content-disposition', `inline; filename="share-${type}.png"`);
      return reply.send(object.body);
    },
  });

  app.route({
    ...contractRoute(createShortLinkContract),
    handler: async (request) => {
      await limits.consumeAll([{ rule: shortLinkRule, key: request.ip }]);
      return createShortLink(deps, { target: request.query.target });
    },
  });

  app.route({
    ...contractRoute(resolveShortLinkContract),
    config: { skipApikey: true },
    handler: async (request, reply) => {
      const target = await followShortLink(deps, { hash: request.params.hash });
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return (reply as unknown as FastifyReply).redirect(target, 302);
    },
  });
}

/** The share page's CSP: nothing but its own inline script and style; framed by no one. */
function sharePageCsp(script: string): string {
  const hash = createHash('sha256').update(script).digest('base64');
  return `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/**
 * GET /s/:type (outside /api, §2 share links): the server-rendered share page with Open Graph and
 * Twitter card tags, then the hash route for people. Query: the type's id parameter (e.g.
 * `enterprise_id`), `meeting_id`, optional `lang`. An unknown type or meeting answers a small 404
 * page; a missing or unknown item shows the meeting's card (share.service.ts loadShareContent).
 */
export function sharePageRoutes(app: App): void {
  const deps = depsOf(app);
  app.get<{ Params: { type: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/s/:type',
    { schema: { hide: true }, config: { skipApikey: true } },
    async (request, reply) => {
      const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
      const type = request.params.type;
      const meetingId = first(request.query.meeting_id) ?? '';
      const notFoundPage = () =>
        reply
          .status(404)
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html><head><meta charset="utf-8"><title>404</title></head><body><p>404 · <a href="/">${escapeHtml('Home')}</a></p></body></html>`,
          );
      if (!isShareType(type) || !objectId.test(meetingId)) return notFoundPage();
      const idParam = shareTargets[type].idParam;
      const id = idParam ? first(request.query[idParam]) : undefined;
      try {
        const page = await getSharePage(deps, {
          type,
          meetingId: meetingId.toLowerCase(),
          id: id && objectId.test(id) ? id.toLowerCase() : undefined,
          lang: first(request.query.lang)?.slice(0, 16),
        });
        return reply
          .header('cache-control', 'public, max-age=300')
          .header('content-security-policy', sharePageCsp(page.script))
          .header('content-language', page.content.language)
          .type('text/html; charset=utf-8')
          .send(page.html);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return notFoundPage();
        throw error;
      }
    },
  );
}
