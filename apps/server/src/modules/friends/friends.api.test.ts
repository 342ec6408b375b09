import { randomBytes } from 'node:crypto';
import type { Demand, FriendApplication, FriendCard, FriendPerson, LoginResult, User } from '@app/contracts';
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { meetingUserProfiles } from '../participants/participants.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { signIn } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { cardOf } from './friends.card.ts';
import { friendApplications, friendships } from './friends.tables.ts';

/**
 * Friends through the API (§4 Connection application, §6 contacts for connected friends only and no
 * card exchange for special identities, §7 /user/friends and /user/friend/applications, §8 'Invalid QR
 * code information'): application states and their counter under concurrency, card exchange, removal,
 * the vCard export and the contact-visibility matrix (stranger, applicant, connected, organiser).
 */

let world: DemoWorld;
let meetingId: string;
let priceId: string;
let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.91.${(addresses >> 8) & 255}.${addresses & 255}`;
};

type Person = { login: LoginResult; id: string; phone: string; email: string; name: string };
let seq = 0;

/** A participant with a phone and an e-mail, signed in to the demo meeting; `shown` sets exposure 1. */
async function person(options: { shown?: boolean; name?: string } = {}): Promise<Person> {
  const db = world.t.database.db;
  seq += 1;
  const id = newId();
  const national = `1370000${String(seq).padStart(4, '0')}`;
  const email = `friend-${seq}-${randomBytes(3).toString('hex')}@example.com`;
  const name = options.name ?? `Friend ${seq}`;
  const [user] = await db
    .insert(users)
    .values({ id, username: name, phone: `+86${national}`, areaCode: '86', email, workCompany: 'Acme' })
    .returning();
  if (!user) throw new Error('no user');
  await db.insert(tickets).values({
    id: newId(),
    meetingId,
    activityId: demoActivityIds.forum,
    priceId,
    userId: id,
    status: 1,
    name,
    code: randomBytes(16).toString('hex').slice(0, 26).toUpperCase(),
  });
  if (options.shown) await setProfile(id, { exposure: 1 });
  const login = await signIn({ db, config: world.t.app.deps.config }, { user, meetingId, method: 'phone' });
  return { login, id, phone: national, email, name };
}

async function setProfile(
  userId: string,
  values: { exposure?: number; cardExchange?: number; specialIdentity?: number },
) {
  await world.t.database.db
    .insert(meetingUserProfiles)
    .values({ meetingId, userId, ...values })
    .onConflictDoUpdate({ target: [meetingUserProfiles.meetingId, meetingUserProfiles.userId], set: values });
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: Person | LoginResult | null,
  json?: unknown,
) {
  const login = as && 'login' in as ? as.login : as;
  return world.t.call(method, url, {
    ...(json !== undefined ? { json } : {}),
    headers: login ? bearer(login) : {},
    remoteAddress: nextIp(),
  });
}

const apply = (as: Person, target: Person | string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/user/friend/applications', as, {
    user_id: typeof target === 'string' ? target : target.id,
    ...extra,
  });
const answer = (as: Person, id: string, action: 'accept' | 'ignore' | 'cancel') =>
  call('PUT', `/api/user/friend/applications/${id}`, as, { action });

async function pendingTotal(userId: string): Promise<number> {
  const [row] = await world.t.database.db
    .select({ n: users.newFriendApplicationTotal })
    .from(users)
    .where(eq(users.id, userId));
  return row?.n ?? -1;
}

async function pendingCount(targetId: string): Promise<number> {
  const [row] = await world.t.database.db
    .select({ n: count() })
    .from(friendApplications)
    .where(and(eq(friendApplications.targetId, targetId), eq(friendApplications.status, 'submitted')));
  return row?.n ?? -1;
}

async function connected(a: string, b: string): Promise<number> {
  const [row] = await world.t.database.db
    .select({ n: count() })
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    );
  return row?.n ?? -1;
}

async function applicationsOf(a: string, b: string) {
  return world.t.database.db
    .select()
    .from(friendApplications)
    .where(
      or(
        and(eq(friendApplications.applicantId, a), eq(friendApplications.targetId, b)),
        and(eq(friendApplications.applicantId, b), eq(friendApplications.targetId, a)),
      ),
    );
}

async function cardFor(as: Person): Promise<FriendCard> {
  const res = await call('GET', '/api/user/friends/card', as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FriendCard;
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  const [price] = await world.t.database.db
    .select({ id: activityPrices.id })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, demoActivityIds.forum))
    .orderBy(asc(activityPrices.id))
    .limit(1);
  if (!price) throw new Error('no price');
  priceId = price.id;
}, 60_000);
afterAll(() => world.t.close());

describe('friend applications (§4): submitted → accepted / ignored / cancelled', () => {
  it('applies with a message, counts it, tells the target; accepting connects both and tells the applicant', async () => {
    const alice = await person();
    const bob = await person({ shown: true });
    const sent = await apply(alice, bob, { message: 'Met at the robotics booth' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { application, connected: isConnected } = sent.json() as {
      application: FriendApplication;
      connected: number;
    };
    expect(isConnected).toBe(0);
    expect(application).toMatchObject({ status: 'submitted', message: 'Met at the robotics booth' });
    expect(application.target).toMatchObject({ connection: 'submitted', phone: '', email: '' });
    expect(await pendingTotal(bob.id)).toBe(1);

    const told = await world.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bob.id), eq(notifications.kind, 'friend.application')));
    expect(told).toHaveLength(1);
    const mails = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, bob.email));
    expect(mails.map((mail) => mail.subject)).toContain(`New connection request from ${alice.name}`);

    const again = await apply(alice, bob);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'friend.already' });
    expect(await pendingTotal(bob.id)).toBe(1);

    const received = await call('GET', apiUrl('/user/friend/applications', { box: 'received' }), bob);
    expect(received.statusCode, received.body).toBe(200);
    const [first] = (received.json() as { results: FriendApplication[] }).results;
    expect(first?.applicant).toMatchObject({ username: alice.name, connection: 'received', phone: '' });
    const id = application._id.$id;

    // Only the target accepts or ignores; only the applicant cancels.
    expect((await answer(alice, id, 'accept')).statusCode).toBe(404);
    const stranger = await person();
    expect((await answer(stranger, id, 'cancel')).statusCode).toBe(404);

    const accepted = await answer(bob, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect((accepted.json() as FriendApplication).applicant).toMatchObject({
      connection: 'connected',
      phone: alice.phone,
      email: alice.email,
    });
    expect(await pendingTotal(bob.id)).toBe(0);
    expect(await connected(alice.id, bob.id)).toBe(2);
    const toldBack = await world.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.id), eq(notifications.kind, 'friend.accepted')));
    expect(toldBack).toHaveLength(1);

    for (const [who, action] of [
      [bob, 'accept'],
      [bob, 'ignore'],
      [alice, 'cancel'],
    ] as const) {
      const late = await answer(who, id, action);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'friend.application_closed' });
    }
    expect(await pendingTotal(bob.id)).toBe(0);
    const connectedAgain = await apply(alice, bob);
    expect(connectedAgain.statusCode).toBe(409);
  });

  it('ignored and cancelled applications leave the counter at 0 and allow a new one', async () => {
    const carol = await person();
    const dave = await person({ shown: true });
    const first = (await apply(carol, dave)).json() as { application: FriendApplication };
    const ignored = await answer(dave, first.application._id.$id, 'ignore');
    expect(ignored.json()).toMatchObject({ status: 'ignored' });
    expect(await pendingTotal(dave.id)).toBe(0);
    const second = await apply(carol, dave);
    expect(second.statusCode, second.body).toBe(200);
    expect(await pendingTotal(dave.id)).toBe(1);
    const id = (second.json() as { application: FriendApplication }).application._id.$id;
    const cancelled = await answer(carol, id, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await pendingTotal(dave.id)).toBe(0);
    expect(await connected(carol.id, dave.id)).toBe(0);
    const sent = await call('GET', apiUrl('/user/friend/applications', { box: 'sent' }), carol);
    expect((sent.json() as { results: FriendApplication[] }).results.map((a) => a.status)).toEqual([
      'cancelled',
      'ignored',
    ]);
  });

  it('applying back to someone who applied accepts both at once, even when the applicant is hidden', async () => {
    const hidden = await person();
    const shown = await person({ shown: true });
    expect((await apply(hidden, shown)).statusCode).toBe(200);
    expect(await pendingTotal(shown.id)).toBe(1);
    const back = await apply(shown, hidden);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ connected: 1, application: { status: 'accepted' } });
    expect(await pendingTotal(shown.id)).toBe(0);
    expect(await pendingTotal(hidden.id)).toBe(0);
    expect(await connected(hidden.id, shown.id)).toBe(2);
  });

  it('refuses oneself (400), hidden or unknown people (404), a long message (400), nothing stored', async () => {
    const me = await person();
    const hidden = await person();
    const shown = await person({ shown: true });
    const self = await apply(me, me);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'friend.self' });
    expect((await apply(me, hidden)).statusCode).toBe(404);
    expect((await apply(me, newId())).statusCode).toBe(404);
    const long = await apply(me, shown, { message: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect((await apply(me, 'not-an-id')).statusCode).toBe(400);
    expect(await applicationsOf(me.id, hidden.id)).toHaveLength(0);
    expect(await applicationsOf(me.id, shown.id)).toHaveLength(0);
    expect(await pendingTotal(hidden.id)).toBe(0);
    expect(await pendingTotal(shown.id)).toBe(0);
    // A hidden person's valid card (shown to me in person) lets me apply.
    const card = cardOf(world.t.app.deps.config.AUTH_SECRET, meetingId, hidden.id);
    const viaCard = await apply(me, hidden, { card });
    expect(viaCard.statusCode, viaCard.body).toBe(200);
    expect(await pendingTotal(hidden.id)).toBe(1);
    expect(
      (await call('POST', '/api/user/friend/applications', null, { user_id: shown.id })).statusCode,
    ).toBe(401);
  });
});

describe('the pending counter never drifts under concurrent applies and accepts', () => {
  it('20 parallel applicants count 20; parallel double accepts bring it to exactly 0', async () => {
    const star = await person({ shown: true });
    const fans = await Promise.all(Array.from({ length: 20 }, () => person()));
    const sent = await Promise.all(fans.map((fan) => apply(fan, star)));
    expect(sent.map((res) => res.statusCode)).toEqual(fans.map(() => 200));
    expect(await pendingTotal(star.id)).toBe(20);
    expect(await pendingCount(star.id)).toBe(20);
    const ids = sent.map((res) => (res.json() as { application: FriendApplication }).application._id.$id);
    const answers = await Promise.all(
      ids.flatMap((id, index) => [
        answer(star, id, index % 2 ? 'accept' : 'ignore'),
        answer(star, id, 'accept'),
        answer(fans[index] as Person, id, 'cancel'),
      ]),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(40);
    expect(await pendingTotal(star.id)).toBe(0);
    expect(await pendingCount(star.id)).toBe(0);
  });

  it('the same application fired 10 times in parallel is stored once', async () => {
    const eager = await person();
    const target = await person({ shown: true });
    const results = await Promise.all(Array.from({ length: 10 }, () => apply(eager, target)));
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(9);
    expect(await pendingTotal(target.id)).toBe(1);
    expect(await applicationsOf(eager.id, target.id)).toHaveLength(1);
  });

  it('two people applying to each other at the same moment end connected with both counters at 0', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await person({ shown: true });
      const b = await person({ shown: true });
      const [ab, ba] = await Promise.all([apply(a, b), apply(b, a)]);
      expect([ab.statusCode, ba.statusCode]).toEqual([200, 200]);
      expect([ab.json().connected, ba.json().connected].sort()).toEqual([0, 1]);
      expect(await connected(a.id, b.id)).toBe(2);
      expect(await pendingTotal(a.id)).toBe(0);
      expect(await pendingTotal(b.id)).toBe(0);
    }
  });
});

describe('card exchange (§1, §6, §8)', () => {
  it("scanning a card connects both at once; again answers the connection; both see each other's contact", async () => {
    const shower = await person();
    const scanner = await person();
    const card = await cardFor(shower);
    expect(card.can_exchange).toBe(1);
    expect(card.link).toBe(
      `/#/meeting/connection/card?meeting_id=${meetingId}&card=${encodeURIComponent(card.card)}`,
    );
    const first = await call('POST', '/api/user/friends', scanner, { card: card.card });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      created: 1,
      friend: { username: shower.name, phone: shower.phone, email: shower.email, connection: 'connected' },
    });
    const again = await call('POST', '/api/user/friends', scanner, { card: card.card });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0 });
    expect(await connected(shower.id, scanner.id)).toBe(2);
    for (const [who, other] of [
      [shower, scanner],
      [scanner, shower],
    ] as const) {
      const list = await call('GET', '/api/user/friends', who);
      expect(list.json().results).toEqual([
        expect.objectContaining({
          username: other.name,
          phone: other.phone,
          email: other.email,
          source: 'card',
        }),
      ]);
    }
  });

  it('closes a pending application between the two', async () => {
    const a = await person({ shown: true });
    const b = await person();
    await apply(b, a);
    expect(await pendingTotal(a.id)).toBe(1);
    const res = await call('POST', '/api/user/friends', b, { card: (await cardFor(a)).card });
    expect(res.statusCode).toBe(200);
    expect(await pendingTotal(a.id)).toBe(0);
    expect((await applicationsOf(a.id, b.id)).map((row) => row.status)).toEqual(['accepted']);
  });

  it('refuses special identities (403), turned-off exchange (403), forged or other-meeting cards (400), oneself (400); nothing stored', async () => {
    const vip = await person();
    await setProfile(vip.id, { specialIdentity: 1 });
    const closed = await person();
    await setProfile(closed.id, { cardExchange: 0 });
    const guest = await person();
    const secret = world.t.app.deps.config.AUTH_SECRET;

    const cases: [string, Person, string, number, string][] = [
      ['scanning a VIP', guest, cardOf(secret, meetingId, vip.id), 403, 'card.special_identity'],
      ['a VIP scanning', vip, cardOf(secret, meetingId, guest.id), 403, 'card.special_identity'],
      ['exchange off', guest, cardOf(secret, meetingId, closed.id), 403, 'card.exchange_disabled'],
      ['other meeting', guest, cardOf(secret, otherMeetingId, closed.id), 400, 'card.invalid'],
      ['forged', guest, `${closed.id}.AAAAAAAAAAAAAAAAAAAAAA`, 400, 'card.invalid'],
      ['garbage', guest, 'hello', 400, 'card.invalid'],
      ['unknown user', guest, cardOf(secret, meetingId, newId()), 400, 'card.invalid'],
      ['oneself', guest, cardOf(secret, meetingId, guest.id), 400, 'friend.self'],
    ];
    for (const [what, as, card, status, code] of cases) {
      const res = await call('POST', '/api/user/friends', as, { card });
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toMatchObject({ code });
    }
    const tooLong = await call('POST', '/api/user/friends', guest, { card: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    const rows = await world.t.database.db
      .select({ n: count() })
      .from(friendships)
      .where(inArray(friendships.userId, [vip.id, closed.id, guest.id]));
    expect(rows[0]?.n).toBe(0);
    expect((await cardFor(vip)).can_exchange).toBe(0);
    expect((await cardFor(closed)).can_exchange).toBe(0);
    expect(
      (await call('POST', '/api/user/friends', null, { card: cardOf(secret, meetingId, guest.id) }))
        .statusCode,
    ).toBe(401);
  });
});

describe('connections: list, search, remove, vCard', () => {
  it('lists newest first with search, removes both directions, exports vCard 4.0', async () => {
    const me = await person();
    const tricky = await person({ name: 'Zoë, Li; "Q"' });
    const plain = await person({ name: 'Plain Person' });
    for (const other of [tricky, plain]) {
      const res = await call('POST', '/api/user/friends', me, { card: (await cardFor(other)).card });
      expect(res.statusCode).toBe(200);
    }
    const list = await call('GET', '/api/user/friends', me);
    expect(list.json().total).toBe(2);
    expect(list.json().results.map((f: FriendPerson) => f.username)).toEqual([
      'Plain Person',
      'Zoë, Li; "Q"',
    ]);
    const found = await call('GET', apiUrl('/user/friends', { keyword: 'zoë' }), me);
    expect(found.json().results.map((f: FriendPerson) => f.username)).toEqual(['Zoë, Li; "Q"']);
    const percent = await call('GET', apiUrl('/user/friends', { keyword: '%' }), me);
    expect(percent.json().total).toBe(0);

    const vcf = await call('GET', '/api/user/friends.vcf', me);
    expect(vcf.statusCode).toBe(200);
    expect(vcf.headers['content-type']).toContain('text/vcard');
    expect(vcf.body.match(/BEGIN:VCARD\r\nVERSION:4\.0\r\n/g)).toHaveLength(2);
    expect(vcf.body).toContain('FN:Zoë\\, Li\\; "Q"\r\n');
    expect(vcf.body).toContain(`TEL;VALUE=uri;TYPE=cell:tel:+86${tricky.phone}\r\n`);
    expect(vcf.body).toContain(`EMAIL:${tricky.email}\r\n`);
    expect(vcf.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const removed = await call('DELETE', `/api/user/friends/${plain.id}`, me);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await connected(me.id, plain.id)).toBe(0);
    expect((await call('DELETE', `/api/user/friends/${plain.id}`, me)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/friends', plain)).json().total).toBe(0);
  });
});

describe('contact visibility matrix (§6): stranger, applicant, connected, organiser', () => {
  it('shows contacts only to the person, their connected friends and the organiser in the console', async () => {
    const subject = await person({ shown: true });
    const stranger = await person();
    const applicant = await person();
    const friend = await person();
    expect((await apply(applicant, subject)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/user/friends', friend, { card: (await cardFor(subject)).card })).statusCode,
    ).toBe(200);
    const posted = await call('POST', '/api/demands', subject, {
      meeting_id: meetingId,
      type: 'supply',
      title: 'Contact matrix demand',
      description: 'Selling robot arms to the region',
      hide_contact: 0,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const demandId = (posted.json() as Demand)._id.$id;

    const readers: [string, Person | LoginResult | null, boolean][] = [
      ['the person', subject, true],
      ['connected friend', friend, true],
      ['applicant (pending)', applicant, false],
      ['stranger', stranger, false],
      ['organiser outside the console', world.logins.organiser, false],
    ];
    for (const [who, as, sees] of readers) {
      const users = await call('GET', apiUrl('/users', { query: { _id: { $eq: subject.id } } }), as);
      expect(users.statusCode, `${who} ${users.body}`).toBe(200);
      const [user] = (users.json() as { results: User[] }).results;
      expect(user?.phone, who).toBe(sees ? subject.phone : '');
      expect(user?.contact.email, who).toBe(sees ? subject.email : '');
      const demand = await call('GET', `/api/demands/${demandId}`, as);
      expect(demand.json().contact, who).toEqual(
        sees ? { area_code: '86', phone: subject.phone, email: subject.email } : null,
      );
      if (!sees) {
        expect(users.body + demand.body, who).not.toContain(subject.email);
      }
    }
    const sent = await call('GET', apiUrl('/user/friend/applications', { box: 'sent' }), applicant);
    expect(sent.body).not.toContain(subject.email);
    const visitor = await call('GET', `/api/demands/${demandId}`, null);
    expect(visitor.body).not.toContain(subject.email);

    const console = await call(
      'GET',
      `/api/console/meetings/${meetingId}/demands/${demandId}`,
      world.logins.organiser,
    );
    expect(console.statusCode, console.body).toBe(200);
    expect(console.json().contact).toMatchObject({ phone: subject.phone, email: subject.email });
    expect(
      (await call('GET', `/api/console/meetings/${meetingId}/demands/${demandId}`, stranger)).statusCode,
    ).toBe(403);
  });
});

describe('console: networking figures (people.read)', () => {
  it('counts pairs by source and applications by state, with the top connectors and their contacts', async () => {
    const before = await call(
      'GET',
      `/api/console/meetings/${meetingId}/friends/stats`,
      world.logins.organiser,
    );
    expect(before.statusCode, before.body).toBe(200);
    const hub = await person({ shown: true });
    const others = await Promise.all(Array.from({ length: 12 }, () => person()));
    for (const other of others.slice(0, 11)) {
      const res = await call('POST', '/api/user/friends', other, { card: (await cardFor(hub)).card });
      expect(res.statusCode).toBe(200);
    }
    expect((await apply(others[11] as Person, hub)).statusCode).toBe(200);
    const after = await call(
      'GET',
      `/api/console/meetings/${meetingId}/friends/stats`,
      world.logins.organiser,
    );
    const was = before.json();
    const now = after.json();
    expect(now.by_card - was.by_card).toBe(11);
    expect(now.connections - was.connections).toBe(11);
    expect(now.applications.submitted - was.applications.submitted).toBe(1);
    // Earlier tests of this file connect other people too (how many depends on which parallel answers
    // won), so the hub is among the top connectors, not necessarily first; the list is by count, descending.
    type Connector = { username: string; phone: string; email: string; connections: number };
    const top = now.top as Connector[];
    const hubRow = top.find((row) => row.username === hub.name);
    expect(hubRow).toMatchObject({ phone: `+86${hub.phone}`, email: hub.email });
    expect(hubRow?.connections).toBeGreaterThanOrEqual(11);
    const counts = top.map((row) => row.connections);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(top.length).toBeLessThanOrEqual(10);
    const denied = await call('GET', `/api/console/meetings/${meetingId}/friends/stats`, hub);
    expect(denied.statusCode).toBe(403);
  });
});

describe('applications cannot flood anyone with mail or SMS (§4, §8)', () => {
  const mailsTo = async (email: string) =>
    (
      await world.t.database.db
        .select({ subject: outboxMessages.subject })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email))
    ).length;
  const toldApplications = async (userId: string) =>
    (
      await world.t.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'friend.application')))
    ).length;

  it('a new application after a cancel or ignore of the same pair within 24 h is told in-app only', async () => {
    const eve = await person();
    const frank = await person({ shown: true });
    const first = (await apply(eve, frank)).json() as { application: FriendApplication };
    expect(await mailsTo(frank.email)).toBe(1);
    expect((await answer(eve, first.application._id.$id, 'cancel')).statusCode).toBe(200);
    const second = await apply(eve, frank);
    expect(second.statusCode, second.body).toBe(200);
    expect(await toldApplications(frank.id)).toBe(2);
    expect(await mailsTo(frank.email)).toBe(1);
    const secondId = (second.json() as { application: FriendApplication }).application._id.$id;
    expect((await answer(frank, secondId, 'ignore')).statusCode).toBe(200);
    expect((await apply(eve, frank)).statusCode).toBe(200);
    expect(await toldApplications(frank.id)).toBe(3);
    expect(await mailsTo(frank.email)).toBe(1);
    expect(await pendingTotal(frank.id)).toBe(1);

    // A day after the last no, an application is mailed again.
    const pending = await applicationsOf(eve.id, frank.id);
    const open = pending.find((row) => row.status === 'submitted');
    expect((await answer(eve, open?.id ?? '', 'cancel')).statusCode).toBe(200);
    await world.t.database.db
      .update(friendApplications)
      .set({ respondedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(inArray(friendApplications.applicantId, [eve.id, frank.id]));
    expect((await apply(eve, frank)).statusCode).toBe(200);
    expect(await mailsTo(frank.email)).toBe(2);
  });

  it('30 applications a day per applicant, also fired in parallel; the 31st is 429 and stores nothing; others are not limited', async () => {
    const spammer = await person();
    const targets = await Promise.all(Array.from({ length: 35 }, () => person({ shown: true })));
    const results = await Promise.all(targets.map((target) => apply(spammer, target)));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(30);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    const refused = results.find((res) => res.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'too_frequent', message: 'Do not operate frequently!' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    const [stored] = await world.t.database.db
      .select({ n: count() })
      .from(friendApplications)
      .where(eq(friendApplications.applicantId, spammer.id));
    expect(stored?.n).toBe(30);
    // Cancelling does not give the allowance back.
    const mine = await world.t.database.db
      .select()
      .from(friendApplications)
      .where(eq(friendApplications.applicantId, spammer.id));
    expect((await answer(spammer, mine[0]?.id ?? '', 'cancel')).statusCode).toBe(200);
    expect((await apply(spammer, mine[0]?.targetId ?? '')).statusCode).toBe(429);
    // The targets' own applications, and accepting an application back, still work.
    const target = targets[34] as Person;
    expect((await apply(target, targets[33] as Person)).statusCode).toBe(200);
    const [back] = mine.slice(1);
    const answered = await apply(targets.find((t) => t.id === back?.targetId) as Person, spammer);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ connected: 1 });
    // After 24 hours the applicant may apply again.
    await world.t.database.db
      .update(friendApplications)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(friendApplications.applicantId, spammer.id));
    expect((await apply(spammer, targets[34] as Person)).statusCode).toBe(200);
  });
});

describe('disabled accounts leave friends lists and the vCard (§6)', () => {
  it('a disabled friend is neither listed nor exported', async () => {
    const me = await person();
    const gone = await person({ name: 'Soon Disabled' });
    expect(
      (await call('POST', '/api/user/friends', me, { card: (await cardFor(gone)).card })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/user/friends', me)).json().total).toBe(1);
    await world.t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id));
    const list = await call('GET', '/api/user/friends', me);
    expect(list.json().total).toBe(0);
    expect(list.body).not.toContain(gone.email);
    const vcf = await call('GET', '/api/user/friends.vcf', me);
    expect(vcf.body).not.toContain(gone.email);
    expect(vcf.body).not.toContain('Soon Disabled');
  });
});

describe('renewing my QR (§8)', () => {
  it('POST /user/friends/card gives a new card; the old one is then invalid for exchange and applications', async () => {
    const owner = await person();
    const scanner = await person();
    const old = await cardFor(owner);
    const renewed = await call('POST', '/api/user/friends/card', owner);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json() as FriendCard;
    expect(fresh.card).not.toBe(old.card);
    expect(fresh.link).toContain(encodeURIComponent(fresh.card).replace(/%2E/gi, '.'));
    expect((await cardFor(owner)).card).toBe(fresh.card);

    const stale = await call('POST', '/api/user/friends', scanner, { card: old.card });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'card.invalid', message: 'Invalid QR code information' });
    // A hidden owner's stale card no longer opens an application either.
    expect((await apply(scanner, owner, { card: old.card })).statusCode).toBe(404);
    expect(await connected(owner.id, scanner.id)).toBe(0);

    const ok = await call('POST', '/api/user/friends', scanner, { card: fresh.card });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('POST', '/api/user/friends/card', null)).statusCode).toBe(401);
  });
});
