import { z } from 'zod';
import { LocalizedText } from '../wire/common.ts';
import { WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { ConsoleMeetingParams } from './console-access.contracts.ts';

/**
 * The console dashboard of a meeting (DESIGN §7): registrations per day, by status, source and
 * ticket type, check-ins, page views from the existing counters, what waits for review and the team
 * size. Every figure is one SQL aggregate (COUNT / SUM … GROUP BY); nothing is cached or estimated.
 */

/** A calendar date `YYYY-MM-DD` in the meeting's time zone. */
const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Registrations (tickets not deleted) created on one day, and meeting views counted that day. */
export const DashboardDay = z.object({
  date: LocalDate,
  registrations: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

/** Tickets of one registration channel; `_id` null groups registrations that named none. */
export const DashboardSource = z.object({
  _id: WireId.nullable(),
  title: z.string(),
  total: z.number().int().nonnegative(),
});
export type DashboardSource = z.infer<typeof DashboardSource>;

/** Tickets of one ticket type (§3 price item), with its activity's title. */
export const DashboardTicketType = z.object({
  _id: WireId,
  title: LocalizedText,
  activity_title: LocalizedText,
  total: z.number().int().nonnegative(),
});
export type DashboardTicketType = z.infer<typeof DashboardTicketType>;

/** GET /console/meetings/{meeting_id}/dashboard. */
export const ConsoleDashboard = z.object({
  /** The IANA zone whose calendar dates `days`, `today` and `checkins.today` use (the meeting's). */
  time_zone: z.string(),
  /** Today's date in the meeting's time zone. */
  today: LocalDate,
  /** One entry per date, oldest first, ending today; days without registrations carry 0. */
  days: z.array(DashboardDay),
  /** Tickets not deleted, by §4 status: 0 review, 1 registered, 2 rejected, 3 checked in. */
  registrations: z.object({
    total: z.number().int().nonnegative(),
    review: z.number().int().nonnegative(),
    registered: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    checked_in: z.number().int().nonnegative(),
  }),
  /** Most first. */
  by_source: z.array(DashboardSource),
  /** Most first. */
  by_ticket_type: z.array(DashboardTicketType),
  /** Checked-in tickets (status 3): all, and those whose check-in fell on today's date. */
  checkins: z.object({ total: z.number().int().nonnegative(), today: z.number().int().nonnegative() }),
  /** Page views from the counters: meeting home, activities, exhibitors, pavilion pages. */
  views: z.object({
    meeting: z.number().int().nonnegative(),
    activities: z.number().int().nonnegative(),
    exhibitors: z.number().int().nonnegative(),
    exhibition_pages: z.number().int().nonnegative(),
  }),
  /** Registrations waiting for review (status 0), the same figure as `registrations.review`. */
  pending_review: z.number().int().nonnegative(),
  /** Exhibitor applications waiting for review (status 0). */
  new_applications: z.number().int().nonnegative(),
  /** Grants of the meeting's roles (meeting_roles rows). */
  team_size: z.number().int().nonnegative(),
});
export type ConsoleDashboard = z.infer<typeof ConsoleDashboard>;

/** Most days the per-day series covers. */
export const dashboardMaxDays = 366;

export const getConsoleDashboard = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/dashboard',
  summary:
    "A meeting's dashboard: registrations per day in the meeting's time zone for the last `days` days (default 30, at most 366), by status, source and ticket type, check-ins, page views, pending reviews, new exhibitor applications and team size. 403 no_permission (needs dashboard.read).",
  spec: 'DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: z.object({ days: z.coerce.number().int().min(1).max(dashboardMaxDays).optional() }),
  response: ConsoleDashboard,
});
