import { withQuery } from './paths.ts';

/**
 * The appointment and schedule pages (§2): their part of the route table, their titles
 * (`common` pages.*) and link helpers. Apart from paths.ts so they load with those pages (router.tsx
 * discovers them on first visit), not with the home page's first script (DESIGN §5 budget).
 */
export const appointmentRoutes = {
  /** Booking form (§2); `enterprise_id`, optional `schedule_id` (a published slot). */
  appointmentApply: '/meeting/appointment/apply',
  /** Booking form opened from an enterprise page (§2). */
  enterpriseAppointment: '/meeting/enterprise/appointment',
  appointmentSuccess: '/meeting/appointment/success',
  /** Requests I sent. */
  userAppointments: '/user/appointments',
  /** Requests to the enterprise I am bound to as exhibitor. */
  enterpriseAppointments: '/enterprise/appointments',
  /** One appointment (`appointment_id`). */
  appointment: '/appointment',
  mySchedule: '/meeting/my/schedule',
  myScheduleHistory: '/meeting/my/schedule/history',
  exhibitorSchedule: '/meeting/exhibitor/schedule',
  exhibitorScheduleHistory: '/meeting/exhibitor/schedule/history',
  /** Personal centre: my schedule, requests and the calendar subscription. */
  mySchedules: '/my/schedules',
} as const;

/** Catalogue key (namespace `common`) of each page's title. */
export const appointmentRouteTitles = {
  [appointmentRoutes.appointmentApply]: 'pages.appointmentApply',
  [appointmentRoutes.enterpriseAppointment]: 'pages.appointmentApply',
  [appointmentRoutes.appointmentSuccess]: 'pages.appointmentSuccess',
  [appointmentRoutes.userAppointments]: 'pages.userAppointments',
  [appointmentRoutes.enterpriseAppointments]: 'pages.enterpriseAppointments',
  [appointmentRoutes.appointment]: 'pages.appointment',
  [appointmentRoutes.mySchedule]: 'pages.mySchedule',
  [appointmentRoutes.myScheduleHistory]: 'pages.scheduleHistory',
  [appointmentRoutes.exhibitorSchedule]: 'pages.exhibitorSchedule',
  [appointmentRoutes.exhibitorScheduleHistory]: 'pages.scheduleHistory',
  [appointmentRoutes.mySchedules]: 'pages.mySchedules',
} as const;
export type AppointmentRouteTitleKey = (typeof appointmentRouteTitles)[keyof typeof appointmentRouteTitles];

type MeetingArg = { meetingId: string };

/** Link helpers of the appointment and schedule pages (typed, never string literals: DESIGN §4.8). */
export const appointmentPaths = {
  /** The booking form for an enterprise; `scheduleId` preselects one of its published slots. */
  apply: ({
    meetingId,
    enterpriseId,
    scheduleId,
  }: MeetingArg & { enterpriseId: string; scheduleId?: string }) =>
    withQuery(appointmentRoutes.enterpriseAppointment, {
      enterprise_id: enterpriseId,
      meeting_id: meetingId,
      schedule_id: scheduleId,
    }),
  success: ({ meetingId, appointmentId }: MeetingArg & { appointmentId: string }) =>
    withQuery(appointmentRoutes.appointmentSuccess, { appointment_id: appointmentId, meeting_id: meetingId }),
  detail: ({ meetingId, appointmentId }: MeetingArg & { appointmentId: string }) =>
    withQuery(appointmentRoutes.appointment, { appointment_id: appointmentId, meeting_id: meetingId }),
  /** Requests I sent; `status` preselects a tab ('0'…'4'). */
  mine: ({ meetingId, status }: MeetingArg & { status?: string }) =>
    withQuery(appointmentRoutes.userAppointments, { meeting_id: meetingId, status }),
  /** Requests to my enterprise (exhibitor). */
  enterprise: ({ meetingId, status }: MeetingArg & { status?: string }) =>
    withQuery(appointmentRoutes.enterpriseAppointments, { meeting_id: meetingId, status }),
  schedule: {
    mine: ({ meetingId }: MeetingArg) => withQuery(appointmentRoutes.mySchedule, { meeting_id: meetingId }),
    myHistory: ({ meetingId }: MeetingArg) =>
      withQuery(appointmentRoutes.myScheduleHistory, { meeting_id: meetingId }),
    exhibitor: ({ meetingId }: MeetingArg) =>
      withQuery(appointmentRoutes.exhibitorSchedule, { meeting_id: meetingId }),
    exhibitorHistory: ({ meetingId }: MeetingArg) =>
      withQuery(appointmentRoutes.exhibitorScheduleHistory, { meeting_id: meetingId }),
    overview: ({ meetingId }: MeetingArg) =>
      withQuery(appointmentRoutes.mySchedules, { meeting_id: meetingId }),
  },
} as const;
