import { getInvitationPoster as getInvitationPosterContract } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { getInvitationPoster, type InvitationDeps } from './invitations.service.ts';

/**
 * Five minutes: the URL stays the same when the enterprise or meeting changes, so browsers may keep
 * a poster only briefly; the ETag makes revalidation cheap.
 */
const posterCacheControl = 'public, max-age=300';

/**
 * The invitation poster (§2 /meeting/invitation and its download page, §3 Enterprise):
 * GET /meetings/:id/invitation.png?enterprise_id=…[&lang=…][&download=1] — public and without Apikey
 * so an `<img>` and a plain download link can load it. Answers the PNG with its ETag (304 on a
 * matching If-None-Match), `Content-Disposition` inline or, with download=1, attachment, and
 * `X-Poster-Cache: hit|miss` (miss when this request rendered it). `storage` defaults to the
 * configured driver (createStorage).
 */
export async function invitationRoutes(app: App, options: { storage?: Storage } = {}): Promise<void> {
  const { db, config } = app.deps;
  const deps: InvitationDeps = { db, config, storage: options.storage ?? createStorage(config) };

  app.route({
    ...contractRoute(getInvitationPosterContract),
    config: { skipApikey: true },
    handler: async (request, reply) => {
      const { object, isRendered } = await getInvitationPoster(deps, {
        meetingId: request.params.id,
        enterpriseId: request.query.enterprise_id,
        ...(request.query.lang !== undefined ? { lang: request.query.lang } : {}),
      });
      reply.header('cache-control', posterCacheControl);
      reply.header('etag', object.etag);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-poster-cache', isRendered ? 'miss' : 'hit');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === object.etag)) {
        object.body.destroy();
        // The contract types 200 only; 304 carries no body.
        return (reply as unknown as FastifyReply).status(304).send();
      }
      const fileName = `invitation-${request.query.enterprise_id}.png`;
      reply.header('content-type', 'image/png');
      reply.header('content-length', object.size);
      reply.header(
        'content-disposition',
        request.query.download === '1'
          ? `attachment; filename="${fileName}"`
          : `inline; filename="${fileName}"`,
      );
      return reply.send(object.body);
    },
  });
}
