import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { newId } from '../src/db/ids.ts';
import { insertStaff } from '../src/modules/activities/activities.fixtures.ts';
import { activityPrices } from '../src/modules/activities/activities.tables.ts';
import { meetings } from '../src/modules/meetings/meetings.tables.ts';
import { tickets } from '../src/modules/tickets/tickets.tables.ts';
import { insertUserIfFree } from '../src/modules/users/users.repository.ts';
import { signIn } from '../src/modules/users/users.service.ts';
import { users } from '../src/modules/users/users.tables.ts';
import { demoActivityIds, demoStaffPhone } from '../src/seeds/demo-activities.ts';
import { demoMeetingId } from '../src/seeds/demo-meeting.data.ts';
import { seedDemoMeeting } from '../src/seeds/demo-meeting.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The roles of §6 that the route matrix and the fuzz run call the API as. A future organiser console
 * adds its roles here (and a column in the route matrix).
 */
export const roleNames = [
  'guest',
  'user',
  'participant',
  'exhibitor',
  'checkin',
  'organiser',
  'otherOrganiser',
] as const;
export type RoleName = (typeof roleNames)[number];

/** A meeting other than the demo one, with its own organiser, closed to visitors (allow_guest_view 0). */
export const otherMeetingId = '6f746865720000000000aaaa';
/** Phones (E.164) of the staff lists: check-in staff of the demo meeting, organiser of the other one. */
export const checkinPhone = '+8613900139001';
export const otherOrganiserPhone = '+8613900139002';

export type DemoWorld = {
  t: TestApp;
  meetingId: string;
  /** Login of each role but the guest (tokens are bound to the demo meeting). */
  logins: Record<Exclude<RoleName, 'guest'>, LoginResult>;
  /** The participant's approved ticket (§6 registered participant). */
  participantTicketId: string;
  /**
   * Signs a role's user in again (after DELETE /tokens/current ended its session), without the
   * password or code flow, so throttled logins never stop it; the exhibitor stays bound.
   */
  relogin: (role: Exclude<RoleName, 'guest'>) => Promise<void>;
};

/** The hex id of a wire id (`{ $id }`, §3) or of a plain string. */
export function wireIdText(id: unknown): string {
  return typeof id === 'object' && id !== null ? String((id as { $id: string }).$id) : String(id);
}

/** A user with an optional phone (E.164), signed in to a meeting without the code flow. */
async function signInNew(t: TestApp, meetingId: string, phone?: string): Promise<LoginResult> {
  const user = await insertUserIfFree(t.database.db, {
    id: newId(),
    username: `role-${randomBytes(5).toString('hex')}`,
    ...(phone ? { phone, areaCode: '86' } : {}),
  });
  if (!user) throw new Error(`user with phone ${phone} exists`);
  return signIn({ db: t.database.db, config: t.app.deps.config }, { user, meetingId, method: 'phone' });
}

/**
 * A test app with the demo meeting seeded (§1 demo data: programme, exhibitors, the demo exhibitor
 * account, activities, organiser staff +8613900139000) and one signed-in user per role of §6:
 * - user: logged in, no ticket;
 * - participant: an approved (status 1) ticket for the demo forum;
 * - exhibitor: logged in through POST /tokens/exhibitor as `demo-exhibitor` (bound exhibitor);
 * - checkin: phone on the demo meeting's staff list as 'checkin';
 * - organiser: the demo organiser phone;
 * - otherOrganiser: organiser of another meeting, signed in to the demo meeting.
 */
export async function createDemoWorld(options: Parameters<typeof createTestApp>[0] = {}): Promise<DemoWorld> {
  const t = await createTestApp(options);
  const db = t.database.db;
  await seedDemoMeeting({ db });
  await db.insert(meetings).values({
    id: otherMeetingId,
    title: 'Other meeting',
    // Closed to visitors (§6), so the route matrix can show its content stays hidden from guests.
    allowGuestView: 0,
    start: new Date('2030-01-01T00:00:00Z'),
    end: new Date('2030-01-02T00:00:00Z'),
  });
  await insertStaff(db, { meetingId: demoMeetingId, phone: checkinPhone, role: 'checkin' });
  await insertStaff(db, { meetingId: otherMeetingId, phone: otherOrganiserPhone, role: 'organiser' });

  const phones: Partial<Record<Exclude<RoleName, 'guest'>, string>> = {
    organiser: demoStaffPhone,
    checkin: checkinPhone,
    otherOrganiser: otherOrganiserPhone,
  };
  const userIds = new Map<Exclude<RoleName, 'guest'>, string>();
  const exhibitorLogin = async (): Promise<LoginResult> => {
    const res = await t.call('POST', '/api/tokens/exhibitor', {
      json: { account: 'demo-exhibitor', password: 'Exhibitor2019!', meeting_id: demoMeetingId },
      remoteAddress: '10.250.0.1',
    });
    if (res.statusCode !== 200) throw new Error(`exhibitor login answered ${res.statusCode}: ${res.body}`);
    return res.json() as LoginResult;
  };

  const logins = {} as DemoWorld['logins'];
  for (const role of roleNames) {
    if (role === 'guest') continue;
    const login =
      role === 'exhibitor' ? await exhibitorLogin() : await signInNew(t, demoMeetingId, phones[role]);
    logins[role] = login;
    userIds.set(role, wireIdText(login.user_id));
  }

  const [price] = await db
    .select({ id: activityPrices.id })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, demoActivityIds.forum))
    .orderBy(asc(activityPrices.id))
    .limit(1);
  if (!price) throw new Error('the demo forum has no ticket type');
  const participantTicketId = newId();
  await db.insert(tickets).values({
    id: participantTicketId,
    meetingId: demoMeetingId,
    activityId: demoActivityIds.forum,
    priceId: price.id,
    userId: userIds.get('participant') ?? null,
    status: 1,
    name: 'Pat Participant',
    code: randomBytes(16).toString('hex').slice(0, 26).toUpperCase(),
  });

  const relogin = async (role: Exclude<RoleName, 'guest'>) => {
    const userId = userIds.get(role);
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.id, userId ?? ''));
    if (!user) throw new Error(`user of role ${role} is gone`);
    logins[role] = await signIn(
      { db, config: t.app.deps.config },
      { user, meetingId: demoMeetingId, method: 'phone' },
    );
  };
  return { t, meetingId: demoMeetingId, logins, participantTicketId, relogin };
}
