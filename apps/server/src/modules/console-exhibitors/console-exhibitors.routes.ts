import {
  approveExhibitorApplication,
  createConsoleCategory,
  deleteConsoleCategory,
  exportAppointments,
  getAppointmentsOverview as getAppointmentsOverviewContract,
  getPasswordLink as getPasswordLinkContract,
  listConsoleCategories,
  listConsoleExhibitors,
  listConsoleProducts,
  listExhibitorApplications,
  rejectExhibitorApplication,
  resetExhibitorPassword,
  setPasswordByLink as setPasswordByLinkContract,
  updateConsoleCategory,
  updateConsoleEnterprise,
  updateConsoleExhibitor,
  updateConsoleProduct,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { useCredentialThrottle } from '../throttle/throttle.service.ts';
import { exportAppointmentsCsv, getAppointmentsOverview } from './console-exhibitors.appointments.ts';
import { getPasswordLink, setPasswordByLink } from './console-exhibitors.password-links.ts';
import {
  approveApplication,
  createCategory,
  deleteCategory,
  listApplications,
  listCategories,
  listExhibitors,
  listProducts,
  rejectApplication,
  resetPassword,
  updateCategoryOf,
  updateEnterprise,
  updateExhibitor,
  updateProduct,
} from './console-exhibitors.service.ts';

/**
 * The console's exhibitors area (DESIGN §7): applications (GET …/exhibitor_applications, POST
 * …/{id}/approve, …/{id}/reject), exhibitors and enterprises (GET …/exhibitors, PUT …/exhibitors/{id},
 * PUT …/enterprises/{id}, POST …/exhibitors/{id}/password_reset), products (GET
 * …/enterprises/{id}/products, PUT …/products/{id}), industries and exhibitor groups (GET, POST
 * …/exhibitor_categories, PUT, DELETE …/{id}) and the appointments overview (GET
 * …/appointments/overview, …/appointments/export), all under /console/meetings/{meeting_id}; and the
 * public password-link pair GET, POST /exhibitor/password_links/{token}.
 */
export function consoleExhibitorsRoutes(app: App): void {
  const { db, config, jobs, cache } = app.deps;
  const deps = { db, config };
  const writeDeps = {
    ...deps,
    jobs,
    cache,
    sms: createSmsProvider(config),
    mail: createMailProvider(config),
  };
  useCredentialThrottle(app);
  const auth = { auth: 'required' } as const;

  app.route({
    ...contractRoute(listExhibitorApplications),
    config: auth,
    handler: async (request) =>
      listApplications(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        status: request.query.status,
      }),
  });
  app.route({
    ...contractRoute(approveExhibitorApplication),
    config: auth,
    handler: async (request) =>
      approveApplication(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        applicationId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(rejectExhibitorApplication),
    config: auth,
    handler: async (request) =>
      rejectApplication(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        applicationId: request.params.id,
        reason: request.body.reason,
        lang: request.body.lang,
      }),
  });
  app.route({
    ...contractRoute(listConsoleExhibitors),
    config: auth,
    handler: async (request) =>
      listExhibitors(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        ...request.query,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleExhibitor),
    config: auth,
    handler: async (request) =>
      updateExhibitor(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        exhibitorId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleEnterprise),
    config: auth,
    handler: async (request) =>
      updateEnterprise(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        enterpriseId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(resetExhibitorPassword),
    config: auth,
    handler: async (request) =>
      resetPassword(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        exhibitorId: request.params.id,
        lang: request.body.lang,
      }),
  });
  app.route({
    ...contractRoute(listConsoleProducts),
    config: auth,
    handler: async (request) =>
      listProducts(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        enterpriseId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleProduct),
    config: auth,
    handler: async (request) =>
      updateProduct(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        productId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(listConsoleCategories),
    config: auth,
    handler: async (request) =>
      listCategories(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        type: request.query.type,
      }),
  });
  app.route({
    ...contractRoute(createConsoleCategory),
    config: auth,
    handler: async (request) =>
      createCategory(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleCategory),
    config: auth,
    handler: async (request) =>
      updateCategoryOf(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        categoryId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleCategory),
    config: auth,
    handler: async (request) =>
      deleteCategory(writeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        categoryId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(getAppointmentsOverviewContract),
    config: auth,
    handler: async (request) =>
      getAppointmentsOverview(deps, { userId: requireUserId(request), meetingId: request.params.meeting_id }),
  });
  app.route({
    ...contractRoute(exportAppointments),
    config: auth,
    handler: async (request, reply) => {
      const csv = await exportAppointmentsCsv(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        language: request.query.lang,
      });
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="appointments.csv"');
      reply.header('cache-control', 'private, no-store');
      return reply.send(csv);
    },
  });

  app.route({
    ...contractRoute(getPasswordLinkContract),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPasswordLink(deps, { token: request.params.token, ip: request.ip });
    },
  });
  app.route({
    ...contractRoute(setPasswordByLinkContract),
    handler: async (request) =>
      setPasswordByLink(deps, {
        token: request.params.token,
        password: request.body.password,
        ip: request.ip,
      }),
  });
}
