import type { Database } from '../db/client.ts';
import { grantAdmin } from '../modules/roles/roles.admins.ts';

/**
 * The demo platform administrator of the organiser console (DESIGN §7): log in with this phone
 * (mainland `13900139009`) to create meetings and grant owners. Granted only outside production: in
 * production a known number must never become an administrator (use ADMIN_PHONES or
 * `npm run admin -- grant-admin`). The demo organiser is demoStaffPhone (demo-activities.ts).
 */
export const demoAdminPhone = '+8613900139009';

/**
 * Makes demoAdminPhone a platform administrator unless `isProduction` (idempotent).
 * @returns true when it was granted by this call
 */
export async function seedDemoConsole(db: Database, options: { isProduction: boolean }): Promise<boolean> {
  if (options.isProduction) return false;
  return grantAdmin(db, { phone: demoAdminPhone, email: null });
}
