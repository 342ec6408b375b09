import {
  clientErrorBodyLimit,
  listCountries as listCountriesContract,
  listRegions as listRegionsContract,
  listWebviewDomains as listWebviewDomainsContract,
  reportClientError as reportClientErrorContract,
} from '@app/contracts';
import { languageFromTag } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { type LimitRule, useRateLimits } from '../../plugins/rate-limit.ts';
import {
  countryList,
  isAppLanguage,
  regionList,
  type StaticList,
  webviewDomainList,
} from './site.static-lists.ts';

/** The stage-version request header (§7: sent by production builds of the client). */
export const stageVersionHeader = 'stage-version';

/** A stage version worth logging: a short token of letters, digits, dots, dashes, pluses, underscores. */
const stageVersionPattern = /^[\w.+-]{1,64}$/;

/** At most 30 client error reports a minute per address (§9 error reports are sampled, so this is ample). */
const clientErrorRule: LimitRule = { name: 'client-errors', points: 30, durationSeconds: 60 };

/** Region and country names change with a package upgrade, i.e. a deploy: a day, immutable. */
const immutableDay = 'public, max-age=86400, immutable';
/** The web-view list follows the deployment's configuration: five minutes. */
const fiveMinutes = 'public, max-age=300';

/** Answers a static list with its cache headers; 304 when the client's ETag matches. */
function sendList(
  request: FastifyRequest,
  reply: FastifyReply,
  list: StaticList,
  cacheControl: string,
): void {
  reply.header('cache-control', cacheControl);
  reply.header('etag', list.etag);
  if (request.headers['if-none-match'] === list.etag) {
    reply.status(304).send();
    return;
  }
  // The JSON text is made once per process; sending it as is skips the serializer.
  reply.type('application/json; charset=utf-8').send(list.json);
}

/**
 * Site basics (§7 Static, §9 error reports, §7 stage-version header):
 * - GET /static/regions.json, /static/countries.json?lang, /static/webview_domains.json — public, no
 *   Apikey, cache headers and ETag (site.static-lists.ts);
 * - POST /client_errors — one sampled client error report, logged with pino at `warn`;
 * - the `stage-version` header of every /api request: logged with the request's lines and echoed
 *   in the answer when it looks like a version (anything else is ignored).
 */
export function siteRoutes(app: App): void {
  const { config } = app.deps;
  const limits = useRateLimits(app);

  app.addHook('onRequest', async (request, reply) => {
    const value = request.headers[stageVersionHeader];
    if (typeof value !== 'string' || !stageVersionPattern.test(value)) return;
    request.log = request.log.child({ stageVersion: value });
    reply.header(stageVersionHeader, value);
  });

  app.route({
    ...contractRoute(listRegionsContract),
    config: { skipApikey: true },
    handler: (request, reply) => sendList(request, reply as FastifyReply, regionList(), immutableDay),
  });

  app.route({
    ...contractRoute(listCountriesContract),
    config: { skipApikey: true },
    handler: (request, reply) => {
      const asked = request.query.lang;
      const language = isAppLanguage(asked) ? asked : (languageFromTag(asked) ?? 'en');
      const { list, language: answered } = countryList(language);
      reply.header('content-language', answered);
      reply.header('vary', 'accept-encoding');
      sendList(request, reply as FastifyReply, list, immutableDay);
    },
  });

  app.route({
    ...contractRoute(listWebviewDomainsContract),
    config: { skipApikey: true },
    handler: (request, reply) =>
      sendList(request, reply as FastifyReply, webviewDomainList(config), fiveMinutes),
  });

  app.route({
    ...contractRoute(reportClientErrorContract),
    config: { skipApikey: true },
    bodyLimit: clientErrorBodyLimit,
    handler: async (request) => {
      await limits.consumeAll([{ rule: clientErrorRule, key: request.ip }]);
      const body = request.body;
      request.log.warn(
        {
          clientError: {
            kind: body.kind,
            message: body.message,
            stack: body.stack,
            url: body.url,
            version: body.version,
            componentStack: body.component_stack,
            userAgent: request.headers['user-agent']?.slice(0, 300),
          },
        },
        'client error',
      );
      return { ok: true as const };
    },
  });
}
