import type { PlatformAdmin } from '@app/contracts';
import { ErrorCode, toWireId } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import {
  type Address,
  deletePlatformAdmin,
  insertPlatformAdmin,
  listPlatformAdmins,
} from './roles.repository.ts';
import { addressFromInput, addressOfUser, type RolesDeps, requireAdmin } from './roles.service.ts';

/** Platform administrators (DESIGN §7 `admin`): the console's list, and the CLI's grant. */

/**
 * Adds a platform administrator by address (`npm run admin -- grant-admin <phone|email>`), without a
 * caller: the command line is trusted. @returns false when the address was already listed.
 */
export async function grantAdmin(db: Database, address: Address): Promise<boolean> {
  return insertPlatformAdmin(db, { id: newId(), phone: address.phone, email: address.email });
}

/** GET /console/admins: the listed administrators, then those of ADMIN_PHONES / ADMIN_EMAILS. @throws 403 no_permission. */
export async function listAdmins(deps: RolesDeps, userId: string): Promise<PlatformAdmin[]> {
  await requireAdmin(deps, userId);
  const rows = await listPlatformAdmins(deps.db);
  const listed: PlatformAdmin[] = rows.map((row) => ({
    _id: toWireId(row.id),
    phone: row.phone,
    email: row.email,
    from_environment: 0,
    created: unix(row.createdAt),
  }));
  const fromEnvironment = [
    ...deps.config.ADMIN_PHONES.split(',').map((phone) => ({ phone: phone.trim(), email: null })),
    ...deps.config.ADMIN_EMAILS.split(',').map((email) => ({
      phone: null,
      email: email.trim().toLowerCase(),
    })),
  ].filter((entry) => (entry.phone ?? entry.email) !== '');
  return [
    ...listed,
    ...fromEnvironment.map((entry, index) => ({
      _id: toWireId(index.toString(16).padStart(24, '0')),
      phone: entry.phone,
      email: entry.email,
      from_environment: 1 as const,
      created: 0,
    })),
  ];
}

/** POST /console/admins. @throws 400 phone.invalid / email.invalid; 403 no_permission. */
export async function addAdmin(
  deps: RolesDeps,
  input: {
    userId: string;
    body: { phone?: string | undefined; area_code?: string | undefined; email?: string | undefined };
  },
): Promise<PlatformAdmin> {
  await requireAdmin(deps, input.userId);
  const address = addressFromInput(input.body);
  const id = newId();
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: null, action: 'platform.admins', entity: 'platform_admin' },
    async (tx) => {
      const isNew = await insertPlatformAdmin(tx, { id, phone: address.phone, email: address.email });
      return { result: null, after: isNew ? address : null, entityId: id };
    },
  );
  const admins = await listPlatformAdmins(deps.db);
  const row = admins.find((admin) =>
    address.phone ? admin.phone === address.phone : admin.email === address.email,
  );
  if (!row) throw notFound('administrator');
  return {
    _id: toWireId(row.id),
    phone: row.phone,
    email: row.email,
    from_environment: 0,
    created: unix(row.createdAt),
  };
}

/** DELETE /console/admins/{id}: not oneself. @throws 403 no_permission; 404 not_found; 409 team.last_owner (oneself). */
export async function removeAdmin(
  deps: RolesDeps,
  input: { userId: string; adminId: string },
): Promise<{ ok: 1 }> {
  await requireAdmin(deps, input.userId);
  const own = await addressOfUser(deps.db, input.userId);
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: null,
      action: 'platform.admins',
      entity: 'platform_admin',
      entityId: input.adminId,
    },
    async (tx) => {
      const removed = await deletePlatformAdmin(tx, input.adminId);
      if (!removed) throw notFound('administrator');
      if (
        (removed.phone && removed.phone === own?.phone) ||
        (removed.email && removed.email === own?.email)
      ) {
        throw new AppError(409, ErrorCode.teamLastOwner, 'You cannot remove yourself as administrator');
      }
      return { result: null, before: { phone: removed.phone, email: removed.email }, after: null };
    },
  );
  return { ok: 1 };
}
