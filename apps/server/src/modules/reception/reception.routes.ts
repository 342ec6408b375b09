import {
  getReceptionGuest,
  getReceptionGuestHistory,
  getReceptionist,
  listReceptionChanges,
  listReceptionGuests,
  listReceptionPhases,
  putReceptionPhaseForm,
  queryReceptionGuest,
  setReceptionStatus,
  syncReception,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  getGuestHistoryOf,
  getGuestOf,
  getReceptionistOf,
  listChangesOf,
  listGuestsOf,
  listPhasesOf,
  queryOwnGuest,
  saveGuestPhaseForm,
  setGuestStatus,
  syncMutations,
} from './reception.service.ts';

/**
 * The reception desk (§1 reception staff; §2 Reception routes; §4 Reception 0/1; §6; §8 guest not
 * found, receptionist not found): the staff's guests, phases, status and form writes with last writer
 * wins and history, the offline queue's sync, the change feed, and the guest's own query. Every route
 * needs a login (401); staff routes answer 403 reception.receptionist_not_found to others.
 */
export function receptionRoutes(app: App): void {
  const { db, config } = app.deps;
  const deps = { db, config };
  const auth = { auth: 'required' } as const;
  const deviceOf = (request: { actor: { deviceId: string | null } }) => request.actor.deviceId ?? '';

  app.route({
    ...contractRoute(getReceptionist),
    config: auth,
    handler: async (request) =>
      getReceptionistOf(deps, { userId: requireUserId(request), meetingId: request.query.meeting_id }),
  });
  app.route({
    ...contractRoute(listReceptionPhases),
    config: auth,
    handler: async (request) =>
      listPhasesOf(deps, { userId: requireUserId(request), meetingId: request.query.meeting_id }),
  });
  app.route({
    ...contractRoute(listReceptionGuests),
    config: auth,
    handler: async (request) => listGuestsOf(deps, { userId: requireUserId(request), query: request.query }),
  });
  app.route({
    ...contractRoute(getReceptionGuest),
    config: auth,
    handler: async (request) =>
      getGuestOf(deps, {
        userId: requireUserId(request),
        guestId: request.params.id,
        sessionMeetingId: request.actor.sessionMeetingId,
      }),
  });
  app.route({
    ...contractRoute(getReceptionGuestHistory),
    config: auth,
    handler: async (request) =>
      getGuestHistoryOf(deps, {
        userId: requireUserId(request),
        guestId: request.params.id,
        sessionMeetingId: request.actor.sessionMeetingId,
      }),
  });
  app.route({
    ...contractRoute(setReceptionStatus),
    config: auth,
    handler: async (request) =>
      setGuestStatus(deps, {
        userId: requireUserId(request),
        deviceId: deviceOf(request),
        guestId: request.params.id,
        phaseId: request.params.phase_id,
        sessionMeetingId: request.actor.sessionMeetingId,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(putReceptionPhaseForm),
    config: auth,
    handler: async (request) =>
      saveGuestPhaseForm(deps, {
        userId: requireUserId(request),
        deviceId: deviceOf(request),
        guestId: request.params.id,
        phaseId: request.params.phase_id,
        sessionMeetingId: request.actor.sessionMeetingId,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(syncReception),
    config: auth,
    handler: async (request) =>
      syncMutations(deps, {
        userId: requireUserId(request),
        deviceId: deviceOf(request),
        meetingId: request.body.meeting_id,
        mutations: request.body.mutations,
      }),
  });
  app.route({
    ...contractRoute(listReceptionChanges),
    config: auth,
    handler: async (request) =>
      listChangesOf(deps, {
        userId: requireUserId(request),
        meetingId: request.query.meeting_id,
        since: request.query.since,
      }),
  });
  app.route({
    ...contractRoute(queryReceptionGuest),
    config: auth,
    handler: async (request) =>
      queryOwnGuest(deps, {
        userId: requireUserId(request),
        deviceId: deviceOf(request),
        meetingId: request.query.meeting_id,
        code: request.query.code,
      }),
  });
}
