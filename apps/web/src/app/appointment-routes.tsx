import { appointmentRouteTitles, appointmentRoutes as routes } from '../lib/appointment-paths.ts';
import type { PageRoute, RouteHandle } from './page-route.ts';

/** The handle of an appointment or schedule page: titled from appointment-paths.ts, login required (§6). */
const handle = (path: keyof typeof appointmentRouteTitles): RouteHandle => ({
  titleKey: appointmentRouteTitles[path],
  requireLogin: true,
});

const bookingForm = () => import('../features/appointments/routes/appointment-apply-route.tsx');
const mySchedule = () => import('../features/schedules/routes/my-schedule-route.tsx');
const exhibitorSchedule = () => import('../features/schedules/routes/exhibitor-schedule-route.tsx');

/**
 * The appointment and schedule pages (§2), pages of the meeting area. router.tsx loads this table
 * when an address of theirs is first visited. The history pages reuse the schedule screens, which
 * read the address to show what has ended.
 */
export const appointmentPages: PageRoute[] = [
  { path: routes.appointmentApply, handle: handle(routes.appointmentApply), lazy: bookingForm },
  { path: routes.enterpriseAppointment, handle: handle(routes.enterpriseAppointment), lazy: bookingForm },
  {
    path: routes.appointmentSuccess,
    handle: handle(routes.appointmentSuccess),
    lazy: () => import('../features/appointments/routes/appointment-success-route.tsx'),
  },
  {
    path: routes.userAppointments,
    handle: handle(routes.userAppointments),
    lazy: () => import('../features/appointments/routes/user-appointments-route.tsx'),
  },
  {
    path: routes.enterpriseAppointments,
    handle: handle(routes.enterpriseAppointments),
    lazy: () => import('../features/appointments/routes/enterprise-appointments-route.tsx'),
  },
  {
    path: routes.appointment,
    handle: handle(routes.appointment),
    lazy: () => import('../features/appointments/routes/appointment-detail-route.tsx'),
  },
  { path: routes.mySchedule, handle: handle(routes.mySchedule), lazy: mySchedule },
  { path: routes.myScheduleHistory, handle: handle(routes.myScheduleHistory), lazy: mySchedule },
  { path: routes.exhibitorSchedule, handle: handle(routes.exhibitorSchedule), lazy: exhibitorSchedule },
  {
    path: routes.exhibitorScheduleHistory,
    handle: handle(routes.exhibitorScheduleHistory),
    lazy: exhibitorSchedule,
  },
  {
    path: routes.mySchedules,
    handle: handle(routes.mySchedules),
    lazy: () => import('../features/schedules/routes/my-schedules-route.tsx'),
  },
];
