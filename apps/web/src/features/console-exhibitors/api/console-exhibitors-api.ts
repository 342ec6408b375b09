import type {
  ApplicationCounts,
  AppointmentsOverview,
  ApproveApplicationAnswer,
  approveExhibitorApplication,
  ConsoleCategory,
  ConsoleCategoryType,
  ConsoleExhibitor,
  ConsoleExhibitorApplication,
  ConsoleProduct,
  createConsoleCategory,
  deleteConsoleCategory,
  exportAppointments,
  getAppointmentsOverview,
  listConsoleCategories,
  listConsoleExhibitors,
  listConsoleInviteCounts,
  listConsoleProducts,
  listExhibitorApplications,
  ResetExhibitorPasswordAnswer,
  rejectExhibitorApplication,
  resetExhibitorPassword,
  updateConsoleCategory,
  updateConsoleEnterprise,
  updateConsoleExhibitor,
  updateConsoleProduct,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import type { RequestBody } from '../../../lib/api/client.ts';

/**
 * The console's exhibitors calls (DESIGN §7), typed from packages/contracts
 * console-exhibitors.contracts.ts. Lists answer `{ items, total? }`; edits send the
 * `updated_at_ms` they read and fail with 409 conflict.stale when someone saved in between; every
 * call fails with 403 no_permission for a role without exhibitor.manage (appointment.read for the
 * appointments overview).
 */

/** Query keys of this area, all under ['console', 'exhibitors', meetingId]. */
export const consoleExhibitorsKeys = {
  all: (meetingId: string) => ['console', 'exhibitors', meetingId] as const,
  applications: (meetingId: string, status: number | undefined) =>
    ['console', 'exhibitors', meetingId, 'applications', status ?? 'all'] as const,
  exhibitors: (meetingId: string, keyword: string, skip: number) =>
    ['console', 'exhibitors', meetingId, 'list', keyword, skip] as const,
  products: (meetingId: string, enterpriseId: string) =>
    ['console', 'exhibitors', meetingId, 'products', enterpriseId] as const,
  categories: (meetingId: string) => ['console', 'exhibitors', meetingId, 'categories'] as const,
  appointments: (meetingId: string) => ['console', 'exhibitors', meetingId, 'appointments'] as const,
};

const meetingPath = (meetingId: string) => ({ meeting_id: meetingId });

/** GET …/exhibitor_applications: the inbox (newest first) with the count of each status. */
export const applicationsQueryOptions = (meetingId: string, status: number | undefined) =>
  queryOptions({
    queryKey: consoleExhibitorsKeys.applications(meetingId, status),
    queryFn: () =>
      api.get<{ items: ConsoleExhibitorApplication[]; counts: ApplicationCounts }>(
        fillPath<typeof listExhibitorApplications>(
          '/console/meetings/:meeting_id/exhibitor_applications',
          meetingPath(meetingId),
        ),
        status === undefined ? {} : { status },
      ),
  });

/**
 * POST …/exhibitor_applications/{id}/approve: makes the enterprise, exhibitor and account and sends
 * the password link. Errors: 409 exhibitor_application.reviewed, 409 conflict.already_used (account).
 */
export function approveApplication(
  meetingId: string,
  id: string,
  body: { account: string; lang: string },
): Promise<ApproveApplicationAnswer> {
  return api.post(
    fillPath<typeof approveExhibitorApplication>(
      '/console/meetings/:meeting_id/exhibitor_applications/:id/approve',
      { meeting_id: meetingId, id },
    ),
    body,
  );
}

/** POST …/exhibitor_applications/{id}/reject with a reason. Errors: 400 validation_failed, 409 reviewed. */
export function rejectApplication(
  meetingId: string,
  id: string,
  body: { reason: string; lang: string },
): Promise<ConsoleExhibitorApplication> {
  return api.post(
    fillPath<typeof rejectExhibitorApplication>(
      '/console/meetings/:meeting_id/exhibitor_applications/:id/reject',
      { meeting_id: meetingId, id },
    ),
    body,
  );
}

/** Page size of the exhibitors table. */
export const exhibitorsPageSize = 50;

/** GET …/exhibitors: a page of the meeting's exhibitors (shown and hidden), optionally searched. */
export const exhibitorsQueryOptions = (meetingId: string, keyword: string, skip: number) =>
  queryOptions({
    queryKey: consoleExhibitorsKeys.exhibitors(meetingId, keyword, skip),
    queryFn: () =>
      api.get<{ items: ConsoleExhibitor[]; total: number }>(
        fillPath<typeof listConsoleExhibitors>(
          '/console/meetings/:meeting_id/exhibitors',
          meetingPath(meetingId),
        ),
        { keyword: keyword || undefined, skip, limit: exhibitorsPageSize },
      ),
  });

/** PUT …/exhibitors/{id}: booth, weight, show/hide, group, industry ('' clears). Errors: 409 conflict.stale. */
export function updateExhibitor(
  meetingId: string,
  id: string,
  body: {
    updated_at_ms: number;
    booth?: string;
    weight?: number;
    is_shown?: 0 | 1;
    exhibitor_group_category_id?: string;
    industry_category_id?: string;
  },
): Promise<ConsoleExhibitor> {
  return api.put(
    fillPath<typeof updateConsoleExhibitor>('/console/meetings/:meeting_id/exhibitors/:id', {
      meeting_id: meetingId,
      id,
    }),
    body,
  );
}

/**
 * PUT …/enterprises/{id}: title (flat `title[lang]` keys for a language map, the form-encoded
 * brackets of §7), website, phone, e-mail. Errors: 400 email.invalid, 409 conflict.stale.
 */
export function updateEnterprise(
  meetingId: string,
  id: string,
  body: RequestBody,
): Promise<ConsoleExhibitor> {
  return api.put(
    fillPath<typeof updateConsoleEnterprise>('/console/meetings/:meeting_id/enterprises/:id', {
      meeting_id: meetingId,
      id,
    }),
    body,
  );
}

/** GET …/enterprises/{id}/products: the enterprise's products for the meeting, hidden ones included. */
export const productsQueryOptions = (meetingId: string, enterpriseId: string) =>
  queryOptions({
    queryKey: consoleExhibitorsKeys.products(meetingId, enterpriseId),
    queryFn: () =>
      api.get<{ items: ConsoleProduct[] }>(
        fillPath<typeof listConsoleProducts>('/console/meetings/:meeting_id/enterprises/:id/products', {
          meeting_id: meetingId,
          id: enterpriseId,
        }),
      ),
  });

/** PUT …/products/{id}: weight and show/hide. Errors: 409 conflict.stale. */
export function updateProduct(
  meetingId: string,
  id: string,
  body: { updated_at_ms: number; weight?: number; is_shown?: 0 | 1 },
): Promise<ConsoleProduct> {
  return api.put(
    fillPath<typeof updateConsoleProduct>('/console/meetings/:meeting_id/products/:id', {
      meeting_id: meetingId,
      id,
    }),
    body,
  );
}

/** POST …/exhibitors/{id}/password_reset: sends a new password link. Errors: 404, 409 exhibitor.no_contact. */
export function resetPassword(
  meetingId: string,
  id: string,
  lang: string,
): Promise<ResetExhibitorPasswordAnswer> {
  return api.post(
    fillPath<typeof resetExhibitorPassword>('/console/meetings/:meeting_id/exhibitors/:id/password_reset', {
      meeting_id: meetingId,
      id,
    }),
    { lang },
  );
}

/** GET …/exhibitor_categories: industries and exhibitor groups, weight descending. */
export const categoriesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleExhibitorsKeys.categories(meetingId),
    queryFn: () =>
      api.get<{ items: ConsoleCategory[] }>(
        fillPath<typeof listConsoleCategories>(
          '/console/meetings/:meeting_id/exhibitor_categories',
          meetingPath(meetingId),
        ),
      ),
  });

/** POST …/exhibitor_categories: a new industry or exhibitor group. */
export function createCategory(
  meetingId: string,
  body: { type: ConsoleCategoryType; title: string; weight: number },
): Promise<ConsoleCategory> {
  return api.post(
    fillPath<typeof createConsoleCategory>(
      '/console/meetings/:meeting_id/exhibitor_categories',
      meetingPath(meetingId),
    ),
    body,
  );
}

/** PUT …/exhibitor_categories/{id}: title and weight. */
export function updateCategory(
  meetingId: string,
  id: string,
  body: { title?: string; weight?: number },
): Promise<ConsoleCategory> {
  return api.put(
    fillPath<typeof updateConsoleCategory>('/console/meetings/:meeting_id/exhibitor_categories/:id', {
      meeting_id: meetingId,
      id,
    }),
    body,
  );
}

/** DELETE …/exhibitor_categories/{id}. */
export function deleteCategory(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof deleteConsoleCategory>('/console/meetings/:meeting_id/exhibitor_categories/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}

/** GET …/appointments/overview: counts by §4 state and per exhibitor. 403 without appointment.read. */
export const appointmentsOverviewQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleExhibitorsKeys.appointments(meetingId),
    queryFn: () =>
      api.get<AppointmentsOverview>(
        fillPath<typeof getAppointmentsOverview>(
          '/console/meetings/:meeting_id/appointments/overview',
          meetingPath(meetingId),
        ),
      ),
  });

/** GET …/appointments/export: the CSV text (UTF-8 with BOM), titles in `lang`. */
export function fetchAppointmentsCsv(meetingId: string, lang: string): Promise<string> {
  return api.get<string>(
    fillPath<typeof exportAppointments>(
      '/console/meetings/:meeting_id/appointments/export',
      meetingPath(meetingId),
    ),
    { lang },
  );
}

/** One row of GET /console/meetings/{meeting_id}/invites: what an enterprise's invitation brought. */
export type ConsoleInviteCount = {
  enterprise_id: { $id: string };
  visitors_total: number;
  registrations_total: number;
};

/**
 * GET /console/meetings/{meeting_id}/invites (§7 invitation attribution): per enterprise with
 * visitors, the visitors and registrations its invitation poster brought, as a map by enterprise id
 * for the exhibitors table's column.
 */
export const inviteCountsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: [...consoleExhibitorsKeys.all(meetingId), 'invites'],
    queryFn: async () => {
      // The client unwraps the `results` list (§7).
      const rows = await api.get<ConsoleInviteCount[]>(
        fillPath<typeof listConsoleInviteCounts>(
          '/console/meetings/:meeting_id/invites',
          meetingPath(meetingId),
        ),
      );
      return new Map(rows.map((row) => [row.enterprise_id.$id, row]));
    },
    staleTime: 30_000,
  });
