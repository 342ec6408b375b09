import type { LiveViewer } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, waitUntil } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../app-types.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createResponseCache } from '../../plugins/response-cache.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { notificationPreferences, notifications } from '../notifications/notifications.tables.ts';
import { liveMinutes } from '../subtitles/subtitles.tables.ts';
import { liveClock } from './lives.clock.ts';
import { liveHubOf } from './lives.hub.ts';
import {
  type LiveMailDeps,
  liveReminderJob,
  liveReplayMailJob,
  reminderNowSlotSeconds,
  scheduleLiveJobs,
  sendLiveReminders,
  sendLiveReplayMails,
} from './lives.reminders.ts';
import { liveUsers, liveViewers } from './lives.tables.ts';

/**
 * The audience of lives through the API and the job queue (§7 POST /lives/{id}/heartbeats, GET
 * /lives/users, §9 PUT /lives/{id}/subscription, the reminder 10 minutes before the start by SMS and
 * mail, the replay/minutes mail after the end): exact distinct-viewer and peak counts under parallel
 * heartbeats, the online window on a fixed clock, subscription rules, a reminder sent exactly once —
 * also across a restart between scheduling and sending, never after the start, only for the current
 * start, on the channels each person wants — and the replay mail once, at once with the minutes
 * link when the live has minutes.
 */

let world: DemoWorld;
let meetingId: string;
/** The app now serving the test database (replaced by the restart test). */
let app: App;
const realNow = liveClock.now;
const minute = 60_000;

type Who = { token: string } | null;
function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, json?: unknown, headers = {}) {
  return world.t.call(method, url, {
    headers: { ...(who ? bearer(who as never) : {}), ...headers },
    ...(json === undefined ? {} : { json }),
  });
}

/** A live of the demo meeting stored directly (the console's create is another helper's). */
async function makeLive(fields: Partial<typeof lives.$inferInsert> = {}) {
  const now = Date.now();
  const row = {
    id: newId(),
    meetingId,
    title: { en: 'Opening keynote', zh: '开幕主旨演讲' },
    start: new Date(now - 10 * minute),
    end: new Date(now + 60 * minute),
    ...fields,
  };
  await world.t.database.db.insert(lives).values(row);
  return row;
}

function mailDeps(): LiveMailDeps {
  const { db, config, jobs } = app.deps;
  return { db, config, jobs, sms: { name: 'outbox' }, mail: { name: 'outbox' } };
}

/** Outbox rows of a recipient per channel. */
async function outboxOf(recipient: string) {
  const rows = await world.t.database.db
    .select({
      channel: outboxMessages.channel,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      html: outboxMessages.html,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient));
  return {
    sms: rows.filter((row) => row.channel === 'sms'),
    mail: rows.filter((row) => row.channel === 'mail'),
  };
}

async function noticesOf(userId: string, liveId: string) {
  const rows = await world.t.database.db
    .select({ query: notifications.query })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'live.reminder')));
  return rows.filter((row) => (row.query as Record<string, string>).live_id === liveId).length;
}

let phoneSerial = 0;
/** A signed-in person with a fresh phone and e-mail. */
async function person(language = 'en'): Promise<Person & { phone: string; email: string }> {
  phoneSerial += 1;
  const phone = `+86139${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneSerial).padStart(3, '0')}`;
  const email = `viewer-${newId().slice(-10)}@example.org`;
  const p = await newPerson(world.t, meetingId, { phone, email, language });
  return { ...p, phone, email };
}

async function subscribe(who: Who, liveId: string, subscribed: 0 | 1 = 1) {
  return call('PUT', apiUrl(`/lives/${liveId}/subscription`), who, { subscribed });
}

async function liveRow(id: string) {
  const [row] = await world.t.database.db.select().from(lives).where(eq(lives.id, id));
  return row;
}

/** Waits until no job that is due is waiting or running (later ones, such as tomorrow's reminders, stay queued). */
const settle = () => world.t.drainDueJobs(15_000);

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  app = world.t.app;
});
afterEach(() => {
  liveClock.now = realNow;
});
afterAll(async () => {
  if (app === world.t.app) {
    await world.t.close();
  } else {
    await app.close();
    await world.t.database.close();
  }
});

describe('heartbeats and GET /lives/users', () => {
  it('counts 30 distinct viewers and a peak of 30 exactly under parallel heartbeats (each sent twice)', async () => {
    const live = await makeLive();
    const devices = Array.from({ length: 30 }, (_, i) => `device-parallel-${i}`);
    const answers = await Promise.all(
      [...devices, ...devices].map((device) =>
        call('POST', apiUrl(`/lives/${live.id}/heartbeats`), null, undefined, { 'device-id': device }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(Math.max(...answers.map((res) => (res.json() as { online: number }).online))).toBe(30);
    const row = await liveRow(live.id);
    expect(row?.viewerTotal).toBe(30);
    expect(row?.viewerPeak).toBe(30);
    const [stored] = await world.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveViewers)
      .where(eq(liveViewers.liveId, live.id));
    expect(Number(stored?.n)).toBe(30);
    const users = await call('GET', apiUrl('/lives/users', { live_id: live.id }), world.logins.organiser);
    expect(users.statusCode, users.body).toBe(200);
    const body = users.json() as { online: number; total: number; results: LiveViewer[] };
    expect(body.online).toBe(30);
    expect(body.total).toBe(30);
    expect(body.results).toHaveLength(30);
    expect(body.results.every((viewer) => viewer.user === null && viewer.online === 1)).toBe(true);
  });

  // PostgreSQL only: PGlite has one connection, so nothing is ever in flight beside a transaction.
  it.skipIf(!process.env.DATABASE_URL)(
    'counts a heartbeat still in flight on another connection in the peak (the live row orders them)',
    async () => {
      const live = await makeLive();
      const db = world.t.database.db;
      let second: ReturnType<typeof call> | undefined;
      // Another replica's heartbeat: it holds the live's row, has inserted its viewer and counted 1.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from lives where id = ${live.id} for no key update`);
        await tx
          .insert(liveViewers)
          .values({ liveId: live.id, viewerKey: 'd:device-in-flight', userId: null });
        await tx
          .update(lives)
          .set({
            viewerTotal: sql`${lives.viewerTotal} + 1`,
            viewerPeak: sql`greatest(${lives.viewerPeak}, 1)`,
          })
          .where(eq(lives.id, live.id));
        second = call('POST', apiUrl(`/lives/${live.id}/heartbeats`), null, undefined, {
          'device-id': 'device-second',
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
      });
      const res = await second;
      expect(res?.statusCode, res?.body).toBe(200);
      expect(res?.json()).toEqual({ online: 2 });
      const row = await liveRow(live.id);
      expect(row?.viewerTotal).toBe(2);
      expect(row?.viewerPeak).toBe(2);
    },
  );

  it('keeps viewers online for 60 s, counts watching time from heartbeats ≥ 10 s apart, and keeps the peak', async () => {
    const live = await makeLive();
    const t0 = Date.now();
    const at = (seconds: number) => {
      liveClock.now = () => new Date(t0 + seconds * 1000);
    };
    const beat = (who: Who, device = 'device-window') =>
      call('POST', apiUrl(`/lives/${live.id}/heartbeats`), who, undefined, { 'device-id': device });
    const audience = async () =>
      (await call('GET', apiUrl('/lives/users', { live_id: live.id }), world.logins.organiser)).json() as {
        online: number;
        total: number;
        results: LiveViewer[];
      };

    at(0);
    expect((await beat(null)).json()).toEqual({ online: 1 });
    expect((await beat(world.logins.participant)).json()).toEqual({ online: 2 });
    at(5);
    // Too soon: accepted, but neither watching time nor last_seen moves.
    expect((await beat(null)).statusCode).toBe(200);
    at(30);
    await beat(null);
    at(60);
    // The participant's last heartbeat (0 s) is exactly 60 s old: still online.
    expect((await audience()).online).toBe(2);
    at(61);
    const later = await audience();
    expect(later.online).toBe(1);
    expect(later.total).toBe(2);
    // Online first, then by last heartbeat.
    expect(later.results.map((viewer) => viewer.online)).toEqual([1, 0]);
    expect(later.results[0]?.user).toBeNull();
    expect(wireIdText(later.results[1]?.user?._id)).toBe(wireIdText(world.logins.participant.user_id));
    expect(later.results[0]?.watch_seconds).toBe(30);
    at(200);
    // Back after a long pause: at most 60 s are added.
    await beat(world.logins.participant);
    const [viewer] = await world.t.database.db
      .select()
      .from(liveViewers)
      .where(and(eq(liveViewers.liveId, live.id), sql`${liveViewers.userId} is not null`));
    expect(viewer?.watchSeconds).toBe(60);
    const row = await liveRow(live.id);
    expect(row?.viewerTotal).toBe(2);
    expect(row?.viewerPeak).toBe(2);
  });

  it('shows the viewer list only to moderators, refuses callers who may not watch, and needs a device or a login', async () => {
    const live = await makeLive();
    await call('POST', apiUrl(`/lives/${live.id}/heartbeats`), null, undefined, {
      'device-id': 'device-list',
    });
    const asParticipant = await call(
      'GET',
      apiUrl('/lives/users', { live_id: live.id }),
      world.logins.participant,
    );
    expect(asParticipant.statusCode).toBe(200);
    expect(asParticipant.json()).toEqual({ online: 1, total: 1, results: [] });
    const asGuest = await call('GET', apiUrl('/lives/users', { live_id: live.id }), null);
    expect(asGuest.json()).toEqual({ online: 1, total: 1, results: [] });

    const noDevice = await call('POST', apiUrl(`/lives/${live.id}/heartbeats`), null, undefined, {
      'device-id': '',
    });
    expect(noDevice.statusCode).toBe(400);
    // A malformed or oversized device id counts no viewer (textLimits.id: 64 of [A-Za-z0-9_-]).
    for (const device of ['x'.repeat(65), 'dev ice', 'dev/1', '设备']) {
      const malformed = await call('POST', apiUrl(`/lives/${live.id}/heartbeats`), null, undefined, {
        'device-id': device,
      });
      expect(malformed.statusCode, device).toBe(400);
    }
    expect((await liveRow(live.id))?.viewerTotal).toBe(1);

    const unknown = newId();
    expect((await call('POST', apiUrl(`/lives/${unknown}/heartbeats`), null)).statusCode).toBe(404);
    expect(
      (await call('GET', apiUrl('/lives/users', { live_id: unknown }), world.logins.organiser)).statusCode,
    ).toBe(404);

    const hidden = await makeLive({ enableShow: 0 });
    expect(
      (await call('GET', apiUrl('/lives/users', { live_id: hidden.id }), world.logins.user)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', apiUrl('/lives/users', { live_id: hidden.id }), world.logins.organiser)).statusCode,
    ).toBe(200);

    const privateLive = await makeLive({ access: 'private' });
    const refused = await call('POST', apiUrl(`/lives/${privateLive.id}/heartbeats`), world.logins.user);
    expect(refused.statusCode).toBe(403);
    expect((await liveRow(privateLive.id))?.viewerTotal).toBe(0);
    // §6: a private live's figures go to who may watch it and to moderators only.
    const figures = async (who: Who) => call('GET', apiUrl('/lives/users', { live_id: privateLive.id }), who);
    const asUser = await figures(world.logins.user);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ code: 'no_permission' });
    expect((await figures(null)).statusCode).toBe(403);
    expect((await figures(world.logins.organiser)).statusCode).toBe(200);
    const granted = await person();
    await world.t.database.db
      .insert(liveUsers)
      .values({ liveId: privateLive.id, userId: granted.userId, allowed: 1 });
    expect((await figures(granted)).json()).toEqual({ online: 0, total: 0, results: [] });
  });
});

describe("the room's online figure", () => {
  it('is pushed to the room after a heartbeat that changes it, at most every 10 s per live', async () => {
    const live = await makeLive();
    const hub = liveHubOf(app);
    const pushed: unknown[] = [];
    const spy = vi.spyOn(hub, 'publish').mockImplementation(async (liveId, event) => {
      if (liveId === live.id) pushed.push(event);
    });
    try {
      const t0 = Date.now();
      const beat = (device: string, seconds: number) => {
        liveClock.now = () => new Date(t0 + seconds * 1000);
        return call('POST', apiUrl(`/lives/${live.id}/heartbeats`), null, undefined, { 'device-id': device });
      };
      await beat('device-push-1', 0);
      expect(pushed).toEqual([{ type: 'online', online: 1 }]);
      await beat('device-push-2', 3);
      expect(pushed).toHaveLength(1);
      await beat('device-push-3', 11);
      expect(pushed).toEqual([
        { type: 'online', online: 1 },
        { type: 'online', online: 3 },
      ]);
      // Unchanged: nothing to tell.
      await beat('device-push-1', 25);
      expect(pushed).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('PUT /lives/{id}/subscription', () => {
  it('needs a login, an existing live and a start still ahead; turning off is always allowed', async () => {
    const ahead = await makeLive({
      start: new Date(Date.now() + 24 * 60 * minute),
      end: new Date(Date.now() + 25 * 60 * minute),
    });
    expect((await subscribe(null, ahead.id)).statusCode).toBe(401);
    expect((await subscribe(world.logins.user, newId())).statusCode).toBe(404);
    const on = await subscribe(world.logins.user, ahead.id);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ subscribed: 1 });
    const userId = wireIdText(world.logins.user.user_id);
    const [row] = await world.t.database.db
      .select()
      .from(liveUsers)
      .where(and(eq(liveUsers.liveId, ahead.id), eq(liveUsers.userId, userId)));
    expect(row?.subscribed).toBe(1);
    expect(row?.subscribedAt).not.toBeNull();

    const started = await makeLive();
    const late = await subscribe(world.logins.user, started.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'live.already_started' });
    expect((await subscribe(world.logins.user, started.id, 0)).json()).toEqual({ subscribed: 0 });
    // At the start exactly, it has started.
    liveClock.now = () => new Date(ahead.start.getTime());
    expect((await subscribe(world.logins.participant, ahead.id)).statusCode).toBe(409);
    liveClock.now = realNow;
    expect((await subscribe(world.logins.user, ahead.id, 0)).json()).toEqual({ subscribed: 0 });
  });
});

describe('the reminder (§9)', () => {
  it('a subscription inside the last 10 minutes is reminded at once by SMS, mail and in-app notice, in the reader’s language', async () => {
    const live = await makeLive({
      start: new Date(Date.now() + 5 * minute),
      end: new Date(Date.now() + 60 * minute),
    });
    const reader = await person('zh');
    expect((await subscribe(reader, live.id)).statusCode).toBe(200);
    await waitUntil(async () => (await outboxOf(reader.email)).mail.length > 0);
    await settle();
    const sent = await outboxOf(reader.email);
    expect(sent.mail).toHaveLength(1);
    expect(sent.mail[0]?.subject).toContain('即将开播');
    expect(sent.mail[0]?.body).toContain('开幕主旨演讲');
    expect(sent.mail[0]?.body).toContain(`live_id=${live.id}`);
    expect(sent.mail[0]?.html).toMatch(new RegExp(`<a href="[^"]*live_id=${live.id}`));
    expect((await outboxOf(reader.phone)).sms).toHaveLength(1);
    expect(await noticesOf(reader.userId, live.id)).toBe(1);
    // Off and on again: no second reminder for the same start.
    await subscribe(reader, live.id, 0);
    await subscribe(reader, live.id, 1);
    await settle();
    expect((await outboxOf(reader.email)).mail).toHaveLength(1);
    expect((await outboxOf(reader.phone)).sms).toHaveLength(1);
  });

  it('subscriptions and toggles inside the last 10 minutes share one reminder job per slot, which reminds every subscriber of it', async () => {
    const live = await makeLive({
      start: new Date(Date.now() + 5 * minute),
      end: new Date(Date.now() + 60 * minute),
    });
    const toggler = await person();
    const other = await person();
    const began = Date.now();
    for (let i = 0; i < 5; i += 1) {
      expect((await subscribe(toggler, live.id, 1)).statusCode).toBe(200);
      expect((await subscribe(toggler, live.id, 0)).statusCode).toBe(200);
    }
    expect((await subscribe(toggler, live.id, 1)).statusCode).toBe(200);
    expect((await subscribe(other, live.id, 1)).statusCode).toBe(200);
    const slots = Math.ceil((Date.now() - began) / (reminderNowSlotSeconds * 1000)) + 1;
    const result = (await world.t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${liveReminderJob.name}
          AND singleton_key = ${`${live.id}:now:${live.start.getTime()}`}`,
    )) as unknown as { rows: { n: number }[] };
    const jobs = Number(result.rows[0]?.n ?? 0);
    expect(jobs).toBeGreaterThanOrEqual(1);
    expect(jobs).toBeLessThanOrEqual(slots);
    await waitUntil(
      async () =>
        (await outboxOf(toggler.email)).mail.length > 0 && (await outboxOf(other.email)).mail.length > 0,
    );
    await settle();
    expect((await outboxOf(toggler.email)).mail).toHaveLength(1);
    expect((await outboxOf(other.email)).mail).toHaveLength(1);
  });

  it('is never sent at or after the start, nor to banned subscribers', async () => {
    const start = Date.now() + 60 * minute;
    const live = await makeLive({ start: new Date(start), end: new Date(start + 60 * minute) });
    const reader = await person();
    const banned = await person();
    expect((await subscribe(reader, live.id)).statusCode).toBe(200);
    expect((await subscribe(banned, live.id)).statusCode).toBe(200);
    await world.t.database.db
      .update(liveUsers)
      .set({ banned: 1 })
      .where(and(eq(liveUsers.liveId, live.id), eq(liveUsers.userId, banned.userId)));
    liveClock.now = () => new Date(start);
    expect(await sendLiveReminders(mailDeps(), { liveId: live.id, startMs: start })).toBe(0);
    liveClock.now = () => new Date(start + 1000);
    expect(await sendLiveReminders(mailDeps(), { liveId: live.id, startMs: start })).toBe(0);
    expect((await outboxOf(reader.email)).mail).toHaveLength(0);
    liveClock.now = () => new Date(start - 1000);
    expect(await sendLiveReminders(mailDeps(), { liveId: live.id, startMs: start })).toBe(1);
    await settle();
    expect((await outboxOf(reader.email)).mail).toHaveLength(1);
    expect((await outboxOf(banned.email)).mail).toHaveLength(0);
    expect(await noticesOf(banned.userId, live.id)).toBe(0);
  });

  it('after a reschedule the old job does nothing and the new one sends, once', async () => {
    const oldStart = Date.now() + 3 * 60 * minute;
    const live = await makeLive({ start: new Date(oldStart), end: new Date(oldStart + 60 * minute) });
    const reader = await person();
    expect((await subscribe(reader, live.id)).statusCode).toBe(200);
    // The organiser moves the live to 5 minutes from now (the console saves and schedules in one transaction).
    const newStart = new Date(Date.now() + 5 * minute);
    await inTransaction(app.deps.db, async (tx) => {
      await tx.update(lives).set({ start: newStart }).where(eq(lives.id, live.id));
      await scheduleLiveJobs(tx, app.deps.jobs, { id: live.id, start: newStart, end: live.end });
      // Saved twice (every console save schedules): still one reminder each.
      await scheduleLiveJobs(tx, app.deps.jobs, { id: live.id, start: newStart, end: live.end });
    });
    app.deps.jobs.wake(liveReminderJob);
    await waitUntil(async () => (await outboxOf(reader.email)).mail.length > 0);
    // The old start's job, when its time comes, finds another start.
    liveClock.now = () => new Date(oldStart - 10 * minute);
    expect(await sendLiveReminders(mailDeps(), { liveId: live.id, startMs: oldStart })).toBe(0);
    liveClock.now = realNow;
    await settle();
    expect((await outboxOf(reader.email)).mail).toHaveLength(1);
    expect((await outboxOf(reader.phone)).sms).toHaveLength(1);
    // Deleted lives remind nobody.
    const gone = await makeLive({
      start: new Date(Date.now() + 5 * minute),
      end: new Date(Date.now() + 60 * minute),
    });
    const other = await person();
    await world.t.database.db
      .insert(liveUsers)
      .values({ liveId: gone.id, userId: other.userId, subscribed: 1 });
    await world.t.database.db.update(lives).set({ deleted: 1 }).where(eq(lives.id, gone.id));
    expect(await sendLiveReminders(mailDeps(), { liveId: gone.id, startMs: gone.start.getTime() })).toBe(0);
    // Nor do hidden ones (their page answers 404).
    const hidden = await makeLive({
      start: new Date(Date.now() + 5 * minute),
      end: new Date(Date.now() + 60 * minute),
    });
    await world.t.database.db
      .insert(liveUsers)
      .values({ liveId: hidden.id, userId: other.userId, subscribed: 1 });
    await world.t.database.db.update(lives).set({ enableShow: 0 }).where(eq(lives.id, hidden.id));
    expect(await sendLiveReminders(mailDeps(), { liveId: hidden.id, startMs: hidden.start.getTime() })).toBe(
      0,
    );
    await settle();
    expect((await outboxOf(other.email)).mail).toHaveLength(0);
  });

  it('honours each person’s channels for live reminders (the in-app notice always)', async () => {
    const start = Date.now() + 60 * minute;
    const live = await makeLive({ start: new Date(start), end: new Date(start + 60 * minute) });
    const mailOnly = await person();
    const noneButNotice = await person();
    const db = world.t.database.db;
    await db.insert(notificationPreferences).values([
      { userId: mailOnly.userId, kind: 'live.reminder', mail: 1, sms: 0 },
      { userId: noneButNotice.userId, kind: 'live.reminder', mail: 0, sms: 0 },
    ]);
    for (const who of [mailOnly, noneButNotice]) expect((await subscribe(who, live.id)).statusCode).toBe(200);
    liveClock.now = () => new Date(start - 10 * minute);
    expect(await sendLiveReminders(mailDeps(), { liveId: live.id, startMs: start })).toBe(2);
    await settle();
    expect(await outboxOf(mailOnly.email)).toMatchObject({ mail: [{}], sms: [] });
    expect((await outboxOf(mailOnly.phone)).sms).toHaveLength(0);
    expect(await outboxOf(noneButNotice.email)).toMatchObject({ mail: [], sms: [] });
    expect((await outboxOf(noneButNotice.phone)).sms).toHaveLength(0);
    expect(await noticesOf(mailOnly.userId, live.id)).toBe(1);
    expect(await noticesOf(noneButNotice.userId, live.id)).toBe(1);
  });

  it('parallel runs of one reminder message each subscriber once', async () => {
    const start = Date.now() + 60 * minute;
    const live = await makeLive({ start: new Date(start), end: new Date(start + 60 * minute) });
    const readers = [await person(), await person(), await person()];
    for (const reader of readers) expect((await subscribe(reader, live.id)).statusCode).toBe(200);
    liveClock.now = () => new Date(start - 9 * minute);
    const counts = await Promise.all(
      [1, 2, 3].map(() => sendLiveReminders(mailDeps(), { liveId: live.id, startMs: start })),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    await settle();
    for (const reader of readers) {
      expect((await outboxOf(reader.email)).mail).toHaveLength(1);
      expect((await outboxOf(reader.phone)).sms).toHaveLength(1);
      expect(await noticesOf(reader.userId, live.id)).toBe(1);
    }
  });
});

describe('the replay mail (§9)', () => {
  it('mails subscribers and logged-in viewers with an e-mail once after the end', async () => {
    const end = Date.now() - 60 * minute;
    const live = await makeLive({
      start: new Date(end - 60 * minute),
      end: new Date(end),
      replayUrl: 'https://cdn.example.org/replay.mp4',
    });
    const subscriber = await person('de');
    const viewer = await person();
    const bannedViewer = await person();
    const db = world.t.database.db;
    await db.insert(liveUsers).values([
      { liveId: live.id, userId: subscriber.userId, subscribed: 1 },
      { liveId: live.id, userId: bannedViewer.userId, banned: 1 },
    ]);
    await db.insert(liveViewers).values([
      { liveId: live.id, viewerKey: `u:${viewer.userId}`, userId: viewer.userId },
      { liveId: live.id, viewerKey: `u:${bannedViewer.userId}`, userId: bannedViewer.userId },
      { liveId: live.id, viewerKey: 'd:device-replay', userId: null },
    ]);
    // The end is more than 30 minutes ago: the scheduled job is due at once.
    await inTransaction(db, (tx) => scheduleLiveJobs(tx, app.deps.jobs, live));
    await waitUntil(async () => (await outboxOf(viewer.email)).mail.length > 0);
    await settle();
    const toSubscriber = await outboxOf(subscriber.email);
    expect(toSubscriber.mail).toHaveLength(1);
    expect(toSubscriber.mail[0]?.subject).toContain('Aufzeichnung');
    expect(toSubscriber.mail[0]?.body).toContain(`live_id=${live.id}`);
    expect((await outboxOf(viewer.email)).mail).toHaveLength(1);
    expect((await outboxOf(bannedViewer.email)).mail).toHaveLength(0);
    expect((await outboxOf(subscriber.phone)).sms).toHaveLength(0);
    // Once: a second run (a retry after a crash) and a job for another end send nothing.
    expect(await sendLiveReplayMails(mailDeps(), { liveId: live.id, endMs: end })).toBe(0);
    expect(await sendLiveReplayMails(mailDeps(), { liveId: live.id, endMs: end + 1000 })).toBe(0);
    await settle();
    expect((await outboxOf(subscriber.email)).mail).toHaveLength(1);
    expect((await outboxOf(viewer.email)).mail).toHaveLength(1);
  });
});

describe('the replay mail without a recording yet', () => {
  it('waits up to 90 minutes after the end for the replay, then says it will follow', async () => {
    const end = Date.now() + 5 * minute;
    const live = await makeLive({ start: new Date(end - 60 * minute), end: new Date(end) });
    const subscriber = await person();
    await world.t.database.db
      .insert(liveUsers)
      .values({ liveId: live.id, userId: subscriber.userId, subscribed: 1 });
    const data = { liveId: live.id, endMs: end };
    const laterLooks = async () => {
      const result = (await world.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${liveReplayMailJob.name}
            AND state = 'created' AND data->>'liveId' = ${live.id}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n ?? 0);
    };
    // Before the end nothing goes out.
    liveClock.now = () => new Date(end - minute);
    expect(await sendLiveReplayMails(mailDeps(), data)).toBe(0);
    // At end + 30 minutes there is no recording: the job looks again later.
    liveClock.now = () => new Date(end + 30 * minute);
    expect(await sendLiveReplayMails(mailDeps(), data)).toBe(0);
    expect(await laterLooks()).toBe(1);
    expect((await outboxOf(subscriber.email)).mail).toHaveLength(0);
    // At end + 90 minutes it is mailed anyway: the replay will appear on the live's page.
    liveClock.now = () => new Date(end + 90 * minute);
    expect(await sendLiveReplayMails(mailDeps(), data)).toBe(1);
    await settle();
    const mails = (await outboxOf(subscriber.email)).mail;
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('"Opening keynote" has ended');
    expect(mails[0]?.body).toContain('will appear on its page');
  });
});

describe('the replay mail once the minutes exist (§1 minutes)', () => {
  it('does not wait for the recording: it links the minutes tab, with the replay line when there is one', async () => {
    const end = Date.now() - 5 * minute;
    const withReplay = await makeLive({
      start: new Date(end - 60 * minute),
      end: new Date(end),
      replayUrl: 'https://cdn.example.org/replay.mp4',
    });
    const withoutReplay = await makeLive({ start: new Date(end - 60 * minute), end: new Date(end) });
    const first = await person('zh');
    const second = await person();
    const db = world.t.database.db;
    await db.insert(liveUsers).values([
      { liveId: withReplay.id, userId: first.userId, subscribed: 1 },
      { liveId: withoutReplay.id, userId: second.userId, subscribed: 1 },
    ]);
    const body = { summary: 'Battery supply.', key_points: [], decisions: [], action_items: [] };
    await db.insert(liveMinutes).values([
      { id: newId(), liveId: withReplay.id, language: 'en', engine: 'extractive', body },
      { id: newId(), liveId: withoutReplay.id, language: 'en', engine: 'extractive', body },
    ]);
    // 5 minutes after the end, without a recording: the minutes are enough to mail now.
    expect(await sendLiveReplayMails(mailDeps(), { liveId: withoutReplay.id, endMs: end })).toBe(1);
    expect(await sendLiveReplayMails(mailDeps(), { liveId: withReplay.id, endMs: end })).toBe(1);
    await settle();
    const [zh] = (await outboxOf(first.email)).mail;
    expect(zh?.subject).toBe('会议纪要：开幕主旨演讲');
    expect(zh?.body).toContain('会议纪要已生成');
    expect(zh?.body).toContain('回放也可在直播页面查看');
    expect(zh?.body).toContain(`live_id=${withReplay.id}`);
    expect(zh?.body).toContain('tab=minutes');
    const [en] = (await outboxOf(second.email)).mail;
    expect(en?.subject).toBe('Minutes: Opening keynote');
    expect(en?.body).toContain('has ended and its minutes are ready.');
    expect(en?.body).not.toContain('replay');
    // Once: the end + 30 minutes job finds everyone mailed.
    expect(await sendLiveReplayMails(mailDeps(), { liveId: withoutReplay.id, endMs: end })).toBe(0);
    expect((await outboxOf(second.email)).mail).toHaveLength(1);
  });
});

// Last: it replaces the app serving the test database.
describe('a restart between scheduling and sending', () => {
  it('sends the reminder exactly once per channel per subscriber', async () => {
    const start = Date.now() + 10 * minute + 4000;
    const live = await makeLive({ start: new Date(start), end: new Date(start + 60 * minute) });
    const readers = [await person(), await person()];
    const db = world.t.database.db;
    await db
      .insert(liveUsers)
      .values(readers.map((reader) => ({ liveId: live.id, userId: reader.userId, subscribed: 1 })));
    // Scheduled by the first process: due in about 4 s.
    await inTransaction(db, (tx) => scheduleLiveJobs(tx, app.deps.jobs, live));
    const { config } = app.deps;
    await app.close();
    for (const reader of readers) expect((await outboxOf(reader.email)).mail).toHaveLength(0);

    // The next process on the same database runs it.
    app = await buildApp({
      db,
      dbKind: world.t.database.kind,
      config,
      cache: createResponseCache(0),
      jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 },
    });
    await app.ready();
    await waitUntil(async () => {
      const sent = await Promise.all(readers.map((reader) => outboxOf(reader.email)));
      return sent.every((rows) => rows.mail.length > 0);
    });
    // A worker that died after its transaction committed runs the job again: nothing more is sent.
    await inTransaction(db, (tx) =>
      app.deps.jobs.enqueue(tx, liveReminderJob, { liveId: live.id, startMs: start }),
    );
    app.deps.jobs.wake(liveReminderJob);
    expect(await sendLiveReminders(mailDeps(), { liveId: live.id, startMs: start })).toBe(0);
    await settle();
    for (const reader of readers) {
      expect((await outboxOf(reader.email)).mail).toHaveLength(1);
      expect((await outboxOf(reader.phone)).sms).toHaveLength(1);
      expect(await noticesOf(reader.userId, live.id)).toBe(1);
    }
  });
});
