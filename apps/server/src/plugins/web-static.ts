import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ErrorCode } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-types.ts';
import { isApiPath } from './path-normalisation.ts';

/**
 * Serves the built web app (apps/web/dist) at `/`, precompressed files first. Hashed assets are cached for a year, index.html is
 * revalidated on every load; unknown /api paths and missing files answer a JSON 404, any other unknown
 * path gets index.html (the SPA routes by hash, so this only catches mistyped paths).
 */
export async function registerWebStatic(app: App, webDist: string | undefined): Promise<void> {
  const root = webDist ? resolve(webDist) : undefined;
  const hasWeb = root !== undefined && existsSync(join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      // wildcard (the default): files are looked up per request, so a rebuild needs no restart.
      index: ['index.html'],
      // The web build writes .br and .gz siblings (brotli 11, gzip 9); they are sent as they are.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The normalised path (plugins/path-normalisation.ts): no spelling of an API path gets index.html.
    const path = request.normalisedPath;
    // A missing file (an asset of an older or newer build, /favicon.ico) is a 404, never index.html:
    // a script answered with HTML breaks the page with a MIME error instead of failing clearly.
    const isFileRequest = /\.[a-z0-9]{1,8}$/i.test(path);
    if (isApiPath(path) || !hasWeb || isFileRequest) {
      return reply
        .status(404)
        .send({ code: ErrorCode.notFound, message: `No route ${request.method} ${request.url}` });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
