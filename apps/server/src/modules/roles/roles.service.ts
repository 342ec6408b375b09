import { ErrorCode } from '@app/contracts';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, noPermission } from '../../errors.ts';
import { emailInvalid, phoneInvalid } from '../users/users.errors.ts';
import { findUserById } from '../users/users.repository.ts';
import { type ConsoleAction, can, type MeetingAccess } from './roles.permissions.ts';
import {
  type Address,
  findGrantsOfAddress,
  isAdminAddress,
  type MeetingRoleRow,
} from './roles.repository.ts';
import type { MeetingRoleName } from './roles.tables.ts';

/** What the role checks read: the database and ADMIN_PHONES / ADMIN_EMAILS. */
export type RolesDeps = { db: Database; config: Pick<Config, 'ADMIN_PHONES' | 'ADMIN_EMAILS'> };

/** A caller's access to one meeting, with the reception sub-roles (§3 reception_staff_role_1/_2) held. */
export type MeetingAccessOf = MeetingAccess & { receptionRoles: string[] };

const configuredAdmins = new WeakMap<object, { phones: Set<string>; emails: Set<string> }>();

/** ADMIN_PHONES (E.164; a bare number counts as mainland China) and ADMIN_EMAILS, parsed once per config. */
function adminsFromConfig(config: RolesDeps['config']): { phones: Set<string>; emails: Set<string> } {
  const known = configuredAdmins.get(config);
  if (known) return known;
  const split = (text: string) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const phones = new Set(split(config.ADMIN_PHONES).flatMap((text) => normalisePhone(text)?.e164 ?? []));
  const emails = new Set(split(config.ADMIN_EMAILS).map((text) => text.toLowerCase()));
  const parsed = { phones, emails };
  configuredAdmins.set(config, parsed);
  return parsed;
}

/** The phone and e-mail of an account, which grants name; null for an unknown or disabled user. */
export async function addressOfUser(db: Database, userId: string): Promise<Address | null> {
  const user = await findUserById(db, userId);
  if (!user || user.deleted === 1 || user.disabledAt) return null;
  return { phone: user.phone ?? null, email: user.email ?? null };
}

/** Whether an address is a platform administrator (ADMIN_PHONES / ADMIN_EMAILS or platform_admins). */
async function isAdminOf(deps: RolesDeps, address: Address): Promise<boolean> {
  const configured = adminsFromConfig(deps.config);
  if (address.phone && configured.phones.has(address.phone)) return true;
  if (address.email && configured.emails.has(address.email)) return true;
  return isAdminAddress(deps.db, address);
}

/** Whether a user is a platform administrator (DESIGN §7 `admin`). */
export async function isPlatformAdmin(deps: RolesDeps, userId: string): Promise<boolean> {
  const address = await addressOfUser(deps.db, userId);
  return address ? isAdminOf(deps, address) : false;
}

function accessFromGrants(isAdmin: boolean, grants: MeetingRoleRow[]): MeetingAccessOf {
  return {
    isAdmin,
    roles: [...new Set(grants.map((grant) => grant.role))],
    receptionRoles: [
      ...new Set(
        grants.flatMap((grant) =>
          grant.role === 'reception' && grant.receptionRole ? [grant.receptionRole] : [],
        ),
      ),
    ],
  };
}

/** A user's access to one meeting: administrator or not, and the roles their phone or e-mail holds. */
export async function meetingAccess(
  deps: RolesDeps,
  userId: string,
  meetingId: string,
): Promise<MeetingAccessOf> {
  const address = await addressOfUser(deps.db, userId);
  if (!address) return { isAdmin: false, roles: [], receptionRoles: [] };
  const [isAdmin, grants] = await Promise.all([
    isAdminOf(deps, address),
    findGrantsOfAddress(deps.db, address, meetingId),
  ]);
  return accessFromGrants(isAdmin, grants);
}

/**
 * Every meeting a user holds a role in, with the roles (administrators see every meeting through the
 * console's meeting list instead).
 */
export async function grantsOfUser(
  deps: RolesDeps,
  userId: string,
): Promise<{ isAdmin: boolean; meetings: Map<string, MeetingRoleName[]> }> {
  const address = await addressOfUser(deps.db, userId);
  if (!address) return { isAdmin: false, meetings: new Map() };
  const [isAdmin, grants] = await Promise.all([
    isAdminOf(deps, address),
    findGrantsOfAddress(deps.db, address, null),
  ]);
  const meetings = new Map<string, MeetingRoleName[]>();
  for (const grant of grants) {
    const roles = meetings.get(grant.meetingId) ?? [];
    if (!roles.includes(grant.role)) roles.push(grant.role);
    meetings.set(grant.meetingId, roles);
  }
  return { isAdmin, meetings };
}

/**
 * The check every console service makes (DESIGN §7): the caller's access to the meeting when it
 * allows `action`. @throws 403 no_permission (§6 'the current user has no permission') otherwise —
 * also for a meeting that does not exist, so a stranger learns nothing from the answer.
 */
export async function requireCan(
  deps: RolesDeps,
  input: { userId: string; meetingId: string | null; action: ConsoleAction },
): Promise<MeetingAccessOf> {
  if (!input.meetingId) throw noPermission();
  const access = await meetingAccess(deps, input.userId, input.meetingId);
  if (!can(access, input.action)) throw noPermission();
  return access;
}

/** Platform-wide console calls (create meetings, administrators). @throws 403 no_permission. */
export async function requireAdmin(deps: RolesDeps, userId: string): Promise<void> {
  if (!(await isPlatformAdmin(deps, userId))) throw noPermission();
}

/**
 * The phone (with its area code, default 86) or else the e-mail of a console form, normalised the way
 * grants and invite lists store them (E.164, lower-case). @throws 400 phone.invalid, email.invalid,
 * validation_failed (neither given, naming body/phone).
 */
export function addressFromInput(body: {
  phone?: string | undefined;
  area_code?: string | undefined;
  email?: string | undefined;
}): Address {
  if (body.phone) {
    const parsed = normalisePhone(body.phone, body.area_code || '86');
    if (!parsed) throw phoneInvalid();
    return { phone: parsed.e164, email: null };
  }
  if (body.email) {
    const email = normaliseEmail(body.email);
    if (!email) throw emailInvalid();
    return { phone: null, email };
  }
  throw new AppError(400, ErrorCode.validation, 'This is a required field', [
    { path: 'body/phone', message: 'This is a required field' },
  ]);
}
