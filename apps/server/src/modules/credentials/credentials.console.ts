import {
  type ConsoleCredential,
  type ConsoleCredentialCounts,
  type ConsoleCredentialSettings,
  type ConsoleCredentialSettingsBody,
  type CredentialKind,
  credentialKinds,
  toWireId,
} from '@app/contracts';
import { flag, unix } from '../../db/wire.ts';
import { notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import { idNumberKeys, openIdNumber } from './credentials.keys.ts';
import {
  countByKind,
  deleteCredential,
  findCredential,
  findMeetingEnd,
  findPurgeDate,
  findSettings,
  listCredentials,
  setPurgeAfter,
  upsertSettings,
} from './credentials.repository.ts';
import { type CredentialDeps, purgeAfterOf, ruleOf } from './credentials.service.ts';

type Caller = { userId: string; meetingId: string };
const pageSize = 50;

function toSettings(rule: ReturnType<typeof ruleOf>): ConsoleCredentialSettings {
  return { required: flag(rule.required), kinds: rule.kinds, retention_days: rule.retentionDays };
}

/** GET …/credentials/settings: the rule in force. @throws 403 no_permission (credentials.read) */
export async function getCredentialSettings(
  deps: CredentialDeps,
  caller: Caller,
): Promise<ConsoleCredentialSettings> {
  await requireCan(deps, { ...caller, action: 'credentials.read' });
  return toSettings(ruleOf(await findSettings(deps.db, caller.meetingId)));
}

/**
 * PUT …/credentials/settings: writes the rule and moves every stored credential's purge_after to
 * the meeting's end + retention_days, in one audited transaction.
 * @throws 403 no_permission (credentials.settings); 404 not_found
 */
export async function updateCredentialSettings(
  deps: CredentialDeps,
  input: Caller & { body: ConsoleCredentialSettingsBody },
): Promise<ConsoleCredentialSettings> {
  const { userId, meetingId, body } = input;
  await requireCan(deps, { userId, meetingId, action: 'credentials.settings' });
  const kinds = credentialKinds.filter((kind) => body.kinds.includes(kind));
  return auditedWrite(
    deps.db,
    {
      actorUserId: userId,
      meetingId,
      action: 'credentials.settings',
      entity: 'credential_settings',
      entityId: meetingId,
    },
    async (tx) => {
      const meeting = await findMeetingEnd(tx, meetingId);
      if (!meeting) throw notFound('Meeting');
      const before = toSettings(ruleOf(await findSettings(tx, meetingId)));
      const saved = await upsertSettings(tx, {
        meetingId,
        required: body.required,
        kinds,
        retentionDays: body.retention_days,
      });
      await setPurgeAfter(tx, meetingId, purgeAfterOf(meeting.end, body.retention_days));
      const after = toSettings(ruleOf(saved));
      return { result: after, before, after };
    },
  );
}

/** GET …/credentials/counts. @throws 403 no_permission (credentials.read) */
export async function countConsoleCredentials(
  deps: CredentialDeps,
  caller: Caller,
): Promise<ConsoleCredentialCounts> {
  await requireCan(deps, { ...caller, action: 'credentials.read' });
  const counts = await countByKind(deps.db, caller.meetingId);
  const byKind = Object.fromEntries(credentialKinds.map((kind) => [kind, counts.get(kind) ?? 0])) as Record<
    CredentialKind,
    number
  >;
  return { total: Object.values(byKind).reduce((sum, n) => sum + n, 0), by_kind: byKind };
}

/**
 * GET …/credentials: masked, newest first, 50 a page. `purge_after` is the meeting's current end +
 * current retention days (what the purge will read), the same for every row of the meeting.
 * @throws 403 no_permission (credentials.read)
 */
export async function listConsoleCredentials(
  deps: CredentialDeps,
  input: Caller & { kind?: CredentialKind | undefined; page?: number | undefined },
): Promise<{ results: ConsoleCredential[]; total: number }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'credentials.read' });
  const page = input.page ?? 1;
  const { rows, total } = await listCredentials(deps.db, {
    meetingId: input.meetingId,
    kind: input.kind,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const purgeAfter = await findPurgeDate(deps.db, input.meetingId);
  return {
    total,
    results: rows.map((row) => ({
      _id: toWireId(row.id),
      user_id: toWireId(row.userId),
      kind: row.kind as CredentialKind,
      name: row.name,
      country: row.country,
      number_mask: row.numberMask,
      source: row.source === 'ocr' ? 'ocr' : 'manual',
      created: unix(row.createdAt),
      purge_after: unix(purgeAfter ?? row.purgeAfter),
    })),
  };
}

/**
 * POST …/credentials/{id}/reveal: the full number; the audit row records who saw whose (mask only,
 * never the number). @throws 403 no_permission (credentials.reveal); 404 not_found
 */
export async function revealConsoleCredential(
  deps: CredentialDeps,
  input: Caller & { id: string },
): Promise<{ number: string }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'credentials.reveal' });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'credentials.reveal',
      entity: 'user_credential',
      entityId: input.id,
    },
    async (tx) => {
      const row = await findCredential(tx, input.meetingId, input.id);
      if (!row) throw notFound('Credential');
      const number = openIdNumber(idNumberKeys(deps.config), row.numberSealed);
      return { result: { number }, after: { revealed: row.numberMask, user_id: row.userId } };
    },
  );
}

/** DELETE …/credentials/{id}: gone for good, audited. @throws 403 no_permission (credentials.settings); 404 */
export async function deleteConsoleCredential(
  deps: CredentialDeps,
  input: Caller & { id: string },
): Promise<{ deleted: 1 }> {
  await requireCan(deps, {
    userId: input.userId,
    meetingId: input.meetingId,
    action: 'credentials.settings',
  });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'credentials.settings',
      entity: 'user_credential',
      entityId: input.id,
    },
    async (tx) => {
      const row = await findCredential(tx, input.meetingId, input.id);
      if (!row || !(await deleteCredential(tx, input.meetingId, input.id))) throw notFound('Credential');
      return {
        result: { deleted: 1 as const },
        before: { kind: row.kind, number_mask: row.numberMask, user_id: row.userId },
        after: null,
      };
    },
  );
}
