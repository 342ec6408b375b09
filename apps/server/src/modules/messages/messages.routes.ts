import { listOutboxTexts } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { isOutboxEnabled, listOutbox } from './messages.service.ts';

/**
 * GET /texts (§7 Login): the local outbox, registered only when it may be read (not in production
 * unless DEV_OUTBOX=1), so elsewhere it is an ordinary 404.
 */
export function messageRoutes(app: App): void {
  const { db, config } = app.deps;
  if (!isOutboxEnabled(config)) return;
  app.route({
    ...contractRoute(listOutboxTexts),
    handler: async () => ({ results: await listOutbox({ db }) }),
  });
}
