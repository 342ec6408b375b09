import {
  acceptMySpeakerInvitation,
  acceptSpeakerInvitation,
  createConsoleSpeakerInvitation,
  declineMySpeakerInvitation,
  declineSpeakerInvitation,
  getMySpeakerInvitation,
  getSpeakerInvitation,
  listConsoleSpeakerInvitations,
  resendConsoleSpeakerInvitation,
  revokeConsoleSpeakerInvitation,
  updateSpeakerProfile,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import {
  answerInvitation,
  createInvitation,
  getInvitation,
  getMyInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  updateOwnSpeakerProfile,
} from './speaker-invitations.service.ts';

/**
 * Speaker invitations (§2 /meeting/speaker/invite, §6 speakers invited, §8 'The temporary link has
 * expired'): the console's invite, list, revoke and resend (programme.edit); the public invitation
 * page's read, accept and decline (by the link's token, or by id for the invited account, as the
 * notification centre opens it); the linked speaker's own profile edit.
 */
export function speakerInvitationRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };

  app.route({
    ...contractRoute(getSpeakerInvitation),
    config: {},
    handler: async (request) =>
      getInvitation(deps, { token: request.params.token, viewerId: request.actor.userId ?? null }),
  });
  app.route({
    ...contractRoute(acceptSpeakerInvitation),
    config: { auth: 'required' },
    handler: async (request) =>
      answerInvitation(deps, {
        token: request.params.token,
        userId: requireUserId(request),
        answer: 'accepted',
      }),
  });
  app.route({
    ...contractRoute(declineSpeakerInvitation),
    config: { auth: 'required' },
    handler: async (request) =>
      answerInvitation(deps, {
        token: request.params.token,
        userId: requireUserId(request),
        answer: 'declined',
      }),
  });
  app.route({
    ...contractRoute(getMySpeakerInvitation),
    config: { auth: 'required' },
    handler: async (request) =>
      getMyInvitation(deps, { id: request.params.id, userId: requireUserId(request) }),
  });
  for (const [contract, answer] of [
    [acceptMySpeakerInvitation, 'accepted'],
    [declineMySpeakerInvitation, 'declined'],
  ] as const) {
    app.route({
      ...contractRoute(contract),
      config: { auth: 'required' },
      handler: async (request) =>
        answerInvitation(deps, { id: request.params.id, userId: requireUserId(request), answer }),
    });
  }
  app.route({
    ...contractRoute(updateSpeakerProfile),
    config: { auth: 'required' },
    handler: async (request) =>
      updateOwnSpeakerProfile(deps, {
        userId: requireUserId(request),
        speakerId: request.params.speaker_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(listConsoleSpeakerInvitations),
    config: { auth: 'required' },
    handler: async (request) =>
      listInvitations(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      }),
  });
  app.route({
    ...contractRoute(createConsoleSpeakerInvitation),
    config: { auth: 'required' },
    handler: async (request) =>
      createInvitation(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        speakerId: request.params.speaker_id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(revokeConsoleSpeakerInvitation),
    config: { auth: 'required' },
    handler: async (request) =>
      revokeInvitation(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(resendConsoleSpeakerInvitation),
    config: { auth: 'required' },
    handler: async (request) =>
      resendInvitation(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
        lang: request.body?.lang,
      }),
  });
}
