import {
  checkMeetingCredential,
  countConsoleCredentials as countConsoleCredentialsContract,
  countMeetingCredentials,
  deleteConsoleCredential as deleteConsoleCredentialContract,
  getConsoleCredentialSettings,
  getMyCredential,
  listConsoleCredentials as listConsoleCredentialsContract,
  recogniseIdCard,
  revealConsoleCredential as revealConsoleCredentialContract,
  saveUserCredential as saveUserCredentialContract,
  updateConsoleCredentialSettings,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { useRateLimits } from '../../plugins/rate-limit.ts';
import { createOcrProvider } from '../../providers/ocr/create-ocr-provider.ts';
import type { OcrProvider } from '../../providers/ocr/ocr.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import {
  countConsoleCredentials,
  deleteConsoleCredential,
  getCredentialSettings,
  listConsoleCredentials,
  revealConsoleCredential,
  updateCredentialSettings,
} from './credentials.console.ts';
import {
  checkCredential,
  countCredentials,
  myCredential,
  type OcrDeps,
  recogniseUploadedIdCard,
  saveUserCredential,
} from './credentials.service.ts';

/**
 * Real-name credentials and ID recognition (§7 POST /user_credentials, POST /meetings/{id}/credential,
 * GET /meeting/credentials/count, GET /ocrs/idcard; §3 Registrant ID number; §5) and the console's
 * real-name area (credentials.read / .reveal / .settings). Every call needs a login. `storage` and
 * `ocr` default to the configured ones (tests may pass their own).
 */
export async function credentialRoutes(app: App, options: { storage?: Storage; ocr?: OcrProvider } = {}) {
  const { db, config } = app.deps;
  const deps: OcrDeps = {
    db,
    config,
    storage: options.storage ?? createStorage(config),
    ocr: options.ocr ?? createOcrProvider(config),
  };
  useRateLimits(app);
  const auth = { auth: 'required' } as const;

  app.route({
    ...contractRoute(saveUserCredentialContract),
    config: auth,
    handler: async (request) =>
      saveUserCredential(deps, { userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(checkMeetingCredential),
    config: auth,
    handler: async (request) =>
      checkCredential(deps, {
        userId: requireUserId(request),
        meetingId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(countMeetingCredentials),
    config: auth,
    handler: async (request) =>
      countCredentials(deps, {
        userId: requireUserId(request),
        meetingId: request.query.meeting_id,
        all: request.query.all === '1',
      }),
  });
  app.route({
    ...contractRoute(getMyCredential),
    config: auth,
    handler: async (request) =>
      myCredential(deps, { userId: requireUserId(request), meetingId: request.query.meeting_id }),
  });
  app.route({
    ...contractRoute(recogniseIdCard),
    config: auth,
    handler: async (request) =>
      recogniseUploadedIdCard(deps, { userId: requireUserId(request), key: request.query.key }),
  });

  // ————— Console —————
  const caller = (request: { params: { meeting_id: string } }) => ({ meetingId: request.params.meeting_id });
  app.route({
    ...contractRoute(getConsoleCredentialSettings),
    config: auth,
    handler: async (request) =>
      getCredentialSettings(deps, { ...caller(request), userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(updateConsoleCredentialSettings),
    config: auth,
    handler: async (request) =>
      updateCredentialSettings(deps, {
        ...caller(request),
        userId: requireUserId(request),
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(countConsoleCredentialsContract),
    config: auth,
    handler: async (request) =>
      countConsoleCredentials(deps, { ...caller(request), userId: requireUserId(request) }),
  });
  app.route({
    ...contractRoute(listConsoleCredentialsContract),
    config: auth,
    handler: async (request) =>
      listConsoleCredentials(deps, {
        ...caller(request),
        userId: requireUserId(request),
        kind: request.query.kind,
        page: request.query.page,
      }),
  });
  app.route({
    ...contractRoute(revealConsoleCredentialContract),
    config: auth,
    handler: async (request) =>
      revealConsoleCredential(deps, {
        ...caller(request),
        userId: requireUserId(request),
        id: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleCredentialContract),
    config: auth,
    handler: async (request) =>
      deleteConsoleCredential(deps, {
        ...caller(request),
        userId: requireUserId(request),
        id: request.params.id,
      }),
  });
}
