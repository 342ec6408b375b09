import { withQuery } from './paths.ts';

/**
 * The reception desk's pages (§2 Reception, under /meeting/reception): their part of the route table
 * and link helpers, apart from paths.ts so they load with those pages (router.tsx discovers them on
 * first visit), not with the first script (DESIGN §10 budget).
 */
export const receptionRoutes = {
  /** The signed-in guest's own arrangements. */
  self: '/meeting/reception/guest',
  /** Staff: every guest, searchable, filtered by phase and status. */
  guestList: '/meeting/reception/guest/list',
  /** Staff: one guest with photo, phases and history. */
  guest: '/meeting/reception/guest/:guestId',
  /** Anyone signed in: find one's own record by code, phone or e-mail. */
  query: '/meeting/reception/query/guest',
  results: '/meeting/reception/query/guest/results',
  result: '/meeting/reception/query/guest/results/:guestId',
  /** Staff home: my sub-role, my guests, the pending queue. */
  staff: '/meeting/reception/staff',
  /** Staff: edit a guest's info. */
  staffGuest: '/meeting/reception/staff/guests/:guest_id',
  /** The desk of one phase: its guests, tap to toggle. */
  phase: '/meeting/reception/phases/:phase_id',
  /** A guest's form at a phase. */
  form: '/meeting/reception/guests/:guest_id/phases/:phase_id/form',
} as const;

type MeetingArg = { meetingId: string };
const enc = encodeURIComponent;

/** Link helpers of the reception pages (typed, never string literals: DESIGN §4.8). */
export const receptionPaths = {
  self: ({ meetingId }: MeetingArg) => withQuery(receptionRoutes.self, { meeting_id: meetingId }),
  guestList: ({ meetingId, phaseId, status }: MeetingArg & { phaseId?: string; status?: '0' | '1' }) =>
    withQuery(receptionRoutes.guestList, { meeting_id: meetingId, phase_id: phaseId, status }),
  guest: ({ meetingId, guestId }: MeetingArg & { guestId: string }) =>
    withQuery(`/meeting/reception/guest/${enc(guestId)}`, { meeting_id: meetingId }),
  query: ({ meetingId }: MeetingArg) => withQuery(receptionRoutes.query, { meeting_id: meetingId }),
  results: ({ meetingId, code }: MeetingArg & { code?: string | undefined }) =>
    withQuery(receptionRoutes.results, { meeting_id: meetingId, code }),
  result: ({ meetingId, guestId, code }: MeetingArg & { guestId: string; code?: string | undefined }) =>
    withQuery(`/meeting/reception/query/guest/results/${enc(guestId)}`, { meeting_id: meetingId, code }),
  staff: ({ meetingId }: MeetingArg) => withQuery(receptionRoutes.staff, { meeting_id: meetingId }),
  staffGuest: ({ meetingId, guestId }: MeetingArg & { guestId: string }) =>
    withQuery(`/meeting/reception/staff/guests/${enc(guestId)}`, { meeting_id: meetingId }),
  phase: ({ meetingId, phaseId }: MeetingArg & { phaseId: string }) =>
    withQuery(`/meeting/reception/phases/${enc(phaseId)}`, { meeting_id: meetingId }),
  form: ({ meetingId, guestId, phaseId }: MeetingArg & { guestId: string; phaseId: string }) =>
    withQuery(`/meeting/reception/guests/${enc(guestId)}/phases/${enc(phaseId)}/form`, {
      meeting_id: meetingId,
    }),
};
