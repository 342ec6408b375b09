import {
  createConsoleCoupon,
  createConsoleDiscount,
  deleteConsoleCoupon,
  deleteConsoleDiscount,
  exportConsoleOrders,
  getCommerceOptions,
  getCommerceRevenue,
  getCommerceSettings,
  getConsoleOrder,
  listConsoleCoupons,
  listConsoleDiscounts,
  listConsoleOrders,
  updateCommerceSettings,
  updateConsoleCoupon,
  updateConsoleDiscount,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  deleteCoupon,
  deleteDiscount,
  listCoupons,
  listDiscounts,
  saveCoupon,
  saveDiscount,
} from './console-commerce.rules.ts';
import { exportOrders, getOptions, getOrder, getRevenue, listOrders } from './console-commerce.service.ts';
import { findSettingsRow, getSettings, updateSettings } from './console-commerce.settings.ts';

/**
 * The console's commerce calls (DESIGN §7; §3 Order and Discount, §4 Order, §9) under
 * /console/meetings/{meeting_id}/commerce/: GET orders, orders/export (a streamed CSV), orders/{id};
 * GET, PUT settings; GET options; GET, POST coupons, PUT, DELETE coupons/{id}; the same for
 * discounts; GET revenue. Refunds and reconciliation, which reach the payment provider, are in
 * console-commerce.payment-routes.ts. Every call needs a logged-in caller; the services check the
 * action (finance.read, finance.settings, commerce.edit).
 */
export function consoleCommerceRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;
  const revenueDeps = {
    ...deps,
    currencyOf: async (meetingId: string) => (await findSettingsRow(db, meetingId))?.currency ?? 'CNY',
  };
  const meeting = (request: { params: { meeting_id: string } }) => request.params.meeting_id;

  app.route({
    ...contractRoute(listConsoleOrders),
    config: auth,
    handler: async (request) =>
      listOrders(deps, { userId: requireUserId(request), meetingId: meeting(request), query: request.query }),
  });
  app.route({
    ...contractRoute(exportConsoleOrders),
    config: auth,
    handler: async (request, reply) => {
      const file = await exportOrders(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        query: request.query,
      });
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.stream);
    },
  });
  app.route({
    ...contractRoute(getConsoleOrder),
    config: auth,
    handler: async (request) =>
      getOrder(deps, { userId: requireUserId(request), meetingId: meeting(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(getCommerceSettings),
    config: auth,
    handler: async (request) =>
      getSettings(deps, { userId: requireUserId(request), meetingId: meeting(request) }),
  });
  app.route({
    ...contractRoute(updateCommerceSettings),
    config: auth,
    handler: async (request) =>
      updateSettings(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(getCommerceOptions),
    config: auth,
    handler: async (request) =>
      getOptions(deps, { userId: requireUserId(request), meetingId: meeting(request) }),
  });
  app.route({
    ...contractRoute(listConsoleCoupons),
    config: auth,
    handler: async (request) =>
      listCoupons(deps, { userId: requireUserId(request), meetingId: meeting(request) }),
  });
  app.route({
    ...contractRoute(createConsoleCoupon),
    config: auth,
    handler: async (request) =>
      saveCoupon(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        id: null,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleCoupon),
    config: auth,
    handler: async (request) =>
      saveCoupon(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        id: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleCoupon),
    config: auth,
    handler: async (request) =>
      deleteCoupon(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        id: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(listConsoleDiscounts),
    config: auth,
    handler: async (request) =>
      listDiscounts(deps, { userId: requireUserId(request), meetingId: meeting(request) }),
  });
  app.route({
    ...contractRoute(createConsoleDiscount),
    config: auth,
    handler: async (request) =>
      saveDiscount(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        id: null,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleDiscount),
    config: auth,
    handler: async (request) =>
      saveDiscount(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        id: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleDiscount),
    config: auth,
    handler: async (request) =>
      deleteDiscount(deps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        id: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(getCommerceRevenue),
    config: auth,
    handler: async (request) =>
      getRevenue(revenueDeps, {
        userId: requireUserId(request),
        meetingId: meeting(request),
        from: request.query.from,
        to: request.query.to,
      }),
  });
}
