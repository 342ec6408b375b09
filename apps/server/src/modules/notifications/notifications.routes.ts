import {
  countNotifications,
  getNotificationPreferences,
  listNotifications as listNotificationsContract,
  readNotifications,
  updateNotificationPreferences,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  countUnread,
  listNotifications,
  listPreferences,
  markRead,
  savePreferences,
} from './notifications.service.ts';

/**
 * The notification centre under Me (beyond the spec): the caller's notices, the unread count (the
 * badge), marking read, and the per-kind mail / SMS choices. All need a login.
 */
export function notificationRoutes(app: App): void {
  const { db } = app.deps;
  const auth = { auth: 'required' } as const;
  app.route({
    ...contractRoute(listNotificationsContract),
    config: auth,
    handler: async (request) => listNotifications(db, { userId: requireUserId(request), ...request.query }),
  });
  app.route({
    ...contractRoute(countNotifications),
    config: auth,
    handler: async (request) => ({ total: await countUnread(db, requireUserId(request)) }),
  });
  app.route({
    ...contractRoute(readNotifications),
    config: auth,
    handler: async (request) => markRead(db, { userId: requireUserId(request), ...request.body }),
  });
  app.route({
    ...contractRoute(getNotificationPreferences),
    config: auth,
    handler: async (request) => listPreferences(db, requireUserId(request)),
  });
  app.route({
    ...contractRoute(updateNotificationPreferences),
    config: auth,
    handler: async (request) =>
      savePreferences(db, { userId: requireUserId(request), results: [request.body] }),
  });
}
