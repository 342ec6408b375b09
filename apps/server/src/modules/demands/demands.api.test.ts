import { randomBytes } from 'node:crypto';
import type { Demand, DemandComment, LoginResult } from '@app/contracts';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { demoActivityIds } from '../../seeds/demo-activities.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { friendships } from '../friends/friends.tables.ts';
import { uploads } from '../media/media.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { queueForReview } from '../moderation/moderation.service.ts';
import { moderationBans, moderationItems } from '../moderation/moderation.tables.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { signIn } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { demandComments, demandLikes, demands } from './demands.tables.ts';

let world: DemoWorld;
let meetingId: string;
let priceId: string;

let addresses = 0;
/** A fresh client address per call, so per-IP throttles never interfere. */
const nextIp = () => {
  addresses += 1;
  return `10.77.${(addresses >> 8) & 255}.${addresses & 255}`;
};

type Person = { login: LoginResult; id: string; phone: string; email: string };

let seq = 0;
/** A user with a phone and an e-mail, signed in to the demo meeting; a participant (approved ticket) when asked. */
async function person(options: { isParticipant: boolean }): Promise<Person> {
  const db = world.t.database.db;
  seq += 1;
  const id = newId();
  const national = `1390000${String(seq).padStart(4, '0')}`;
  const email = `demand-${seq}-${randomBytes(3).toString('hex')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      id,
      username: `User ${seq}`,
      phone: `+86${national}`,
      areaCode: '86',
      email,
    })
    .returning();
  if (!user) throw new Error('no user');
  if (options.isParticipant) {
    await db.insert(tickets).values({
      id: newId(),
      meetingId,
      activityId: demoActivityIds.forum,
      priceId,
      userId: id,
      status: 1,
      name: `User ${seq}`,
      code: randomBytes(16).toString('hex').slice(0, 26).toUpperCase(),
    });
  }
  const login = await signIn({ db, config: world.t.app.deps.config }, { user, meetingId, method: 'phone' });
  return { login, id, phone: national, email };
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { as?: Person | LoginResult | null; json?: unknown; form?: Record<string, unknown> } = {},
) {
  const as = options.as ?? null;
  const login = as && 'login' in as ? as.login : as;
  return world.t.call(method, url, {
    ...(options.json !== undefined ? { json: options.json } : {}),
    ...(options.form !== undefined ? { form: options.form } : {}),
    headers: login ? bearer(login) : {},
    remoteAddress: nextIp(),
  });
}

async function demandCount(): Promise<number> {
  const [row] = await world.t.database.db.select({ n: count() }).from(demands);
  return row?.n ?? 0;
}

/** An upload row of `owner` in the image bucket, as the media module stores it; returns its URL. */
async function imageOf(owner: Person, mime: string): Promise<string> {
  const key = `${newId()}/photo.${mime === 'image/gif' ? 'gif' : mime === 'image/png' ? 'png' : 'jpg'}`;
  await world.t.database.db.insert(uploads).values({
    id: key.slice(0, 24),
    bucket: 'image',
    key,
    userId: owner.id,
    meetingId,
    mime,
    size: 100,
    width: 10,
    height: 10,
  });
  return `/api/files/image/${key}`;
}

const words = ['logistics', 'stands', 'lighting', 'catering', 'printing', 'shipping', 'design', 'screens'];
let posts = 0;
/** A description that differs on every post (the same text three times is flood, §5). */
function freshDescription(): string {
  posts += 1;
  const pick = (n: number) => words[(posts * 7 + n) % words.length];
  return `We need a partner for ${pick(1)} and ${pick(3)} at the fair, request number ${posts}.`;
}

async function post(as: Person, fields: Record<string, unknown>) {
  return call('POST', '/api/demands', {
    as,
    json: {
      meeting_id: meetingId,
      type: 'cooperation',
      title: 'Looking for a booth partner',
      description: freshDescription(),
      ...fields,
    },
  });
}

async function postOk(as: Person, fields: Record<string, unknown> = {}): Promise<Demand> {
  const res = await post(as, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let poster: Person;
let commenter: Person;
let other: Person;
let stranger: Person;
/** A connected friend of both the poster and the commenter (§6: friends see contacts). */
let friend: Person;
let organiser: LoginResult;

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
  const [price] = await world.t.database.db
    .select({ id: activityPrices.id })
    .from(activityPrices)
    .where(eq(activityPrices.activityId, demoActivityIds.forum))
    .orderBy(asc(activityPrices.id))
    .limit(1);
  if (!price) throw new Error('no price');
  priceId = price.id;
  poster = await person({ isParticipant: true });
  commenter = await person({ isParticipant: true });
  other = await person({ isParticipant: true });
  stranger = await person({ isParticipant: false });
  friend = await person({ isParticipant: true });
  for (const known of [poster, commenter]) {
    await world.t.database.db.insert(friendships).values([
      { userId: friend.id, friendId: known.id, meetingId, source: 'card' },
      { userId: known.id, friendId: friend.id, meetingId, source: 'card' },
    ]);
  }
}, 60_000);
afterAll(() => world.t.close());

describe('posting a demand: §5 rules, nothing stored on a refusal', () => {
  it('refuses a 4-character title, an empty content, a 501-character description with the spec’s messages', async () => {
    const before = await demandCount();
    const short = await post(poster, { title: 'Abcd' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('validation_failed');
    expect(short.json().details).toContainEqual({ path: 'body/title', message: 'at least 5 characters' });

    const empty = await post(poster, { description: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toContainEqual({
      path: 'body/description',
      message: 'This is a required field',
    });

    const long = await post(poster, { description: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toContainEqual({
      path: 'body/description',
      message: 'at most 500 characters',
      max: 500,
    });
    expect(await demandCount()).toBe(before);
    // 500 characters are fine.
    const sentence = 'Our team builds modular stands and ships them across the region. ';
    await postOk(poster, { description: sentence.repeat(8).slice(0, 500) });
  });

  it('takes jpg and png uploads of the poster, refuses a GIF and someone else’s image (demand.image_type)', async () => {
    const before = await demandCount();
    const gif = await post(poster, { images: [await imageOf(poster, 'image/gif')] });
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toMatchObject({ code: 'demand.image_type', message: 'Images must be jpg or png' });
    const foreign = await post(poster, { images: [await imageOf(other, 'image/png')] });
    expect(foreign.json().code).toBe('demand.image_type');
    const outside = await post(poster, { images: ['https://example.com/a.png'] });
    expect(outside.json().code).toBe('demand.image_type');
    expect(await demandCount()).toBe(before);

    const png = await imageOf(poster, 'image/png');
    const jpg = await imageOf(poster, 'image/jpeg');
    const made = await postOk(poster, { images: [png, jpg] });
    expect(made.images).toEqual([png, jpg]);
    expect(made.state).toBe('open');
  });

  it('accepts a form-encoded body with bracketed images (§7 bodies are form-encoded)', async () => {
    const png = await imageOf(poster, 'image/png');
    const res = await call('POST', '/api/demands', {
      as: poster,
      form: {
        meeting_id: meetingId,
        type: 'supply',
        title: 'Offering LED screens',
        description: 'Rental screens for the exhibition days.',
        images: [png],
        hide_contact: '1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'supply', hide_contact: 1, images: [png] });
  });

  it('refuses sensitive content with its §5 category (meaningless text), nothing stored', async () => {
    const before = await demandCount();
    const res = await post(poster, { description: 'asdfghjkl' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('content.sensitive');
    expect(res.json().data?.category).toBe('meaningless');
    expect(await demandCount()).toBe(before);
  });

  it('needs participant registration (§6): 403 participant.required; the authorization call says why', async () => {
    const before = await demandCount();
    const res = await post(stranger, {});
    expect([res.statusCode, res.json().code]).toEqual([403, 'participant.required']);
    expect(await demandCount()).toBe(before);

    const asGuest = await call('GET', apiUrl('/demand/meetings/authorization', { meeting_id: meetingId }));
    expect(asGuest.json()).toEqual({ is_authorization: 0, reason: 'login' });
    const asStranger = await call(
      'GET',
      apiUrl('/demand/meetings/authorization', { meeting_id: meetingId }),
      {
        as: stranger,
      },
    );
    expect(asStranger.json()).toEqual({ is_authorization: 0, reason: 'participant' });
    const asPoster = await call('POST', '/api/demand/meetings/authorization', {
      as: poster,
      json: { meeting_id: meetingId },
    });
    expect(asPoster.json()).toEqual({ is_authorization: 1, reason: null });
  });
});

describe('contacts (§6): the visibility matrix', () => {
  let open: Demand;
  let hidden: Demand;
  let comment: DemandComment;

  beforeAll(async () => {
    open = await postOk(poster, { title: 'Open contact demand', hide_contact: 0 });
    hidden = await postOk(poster, { title: 'Hidden contact demand', hide_contact: 1 });
    const res = await call('POST', `/api/demands/${open._id.$id}/comments`, {
      as: commenter,
      json: { content: 'We can help with logistics, call us.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    comment = res.json();
    const onHidden = await call('POST', `/api/demands/${hidden._id.$id}/comments`, {
      as: commenter,
      json: { content: 'Interested in your hidden-contact demand.' },
    });
    expect(onHidden.statusCode, onHidden.body).toBe(200);
  });

  const readDemand = async (id: string, as: Person | LoginResult | null) => {
    const res = await call('GET', `/api/demands/${id}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const readComments = async (id: string, as: Person | LoginResult | null) => {
    const res = await call('GET', `/api/demands/${id}/comments`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("a poster's contact: to their connected friends unless hidden; never to others or a visitor", async () => {
    const posterContact = { area_code: '86', phone: poster.phone, email: poster.email };
    const readers: [string, Person | LoginResult | null, boolean, boolean][] = [
      // who, as, sees on the open demand, sees on the hidden one
      ['poster', poster, true, true],
      ['connected friend', friend, true, false],
      ['commenter', commenter, false, false],
      ['other user', other, false, false],
      ['user without registration', stranger, false, false],
      ['organiser (outside the console)', organiser, false, false],
      ['visitor (not logged in)', null, false, false],
    ];
    for (const [who, as, seesOpen, seesHidden] of readers) {
      const openRes = await readDemand(open._id.$id, as);
      expect(openRes.json().contact, who).toEqual(seesOpen ? posterContact : null);
      const hiddenRes = await readDemand(hidden._id.$id, as);
      expect(hiddenRes.json().contact, who).toEqual(seesHidden ? posterContact : null);
      if (!seesHidden) {
        expect(hiddenRes.body, who).not.toContain(poster.phone);
        expect(hiddenRes.body, who).not.toContain(poster.email);
      }
    }
    // The list answers by the same rules.
    const list = await call('GET', apiUrl('/demands', { meeting_id: meetingId }));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(poster.phone);
    expect(list.body).not.toContain(poster.email);
  });

  it("a commenter's contact: revealed to the poster by commenting, and to the commenter's friends", async () => {
    const commenterContact = { area_code: '86', phone: commenter.phone, email: commenter.email };
    expect(comment.contact).toEqual(commenterContact);
    const readers: [string, Person | LoginResult | null, boolean][] = [
      ['poster', poster, true],
      ['commenter', commenter, true],
      ['connected friend of the commenter', friend, true],
      ['other user', other, false],
      ['user without registration', stranger, false],
      ['organiser', organiser, false],
      ['visitor (not logged in)', null, false],
    ];
    for (const demand of [open, hidden]) {
      for (const [who, as, sees] of readers) {
        const res = await readComments(demand._id.$id, as);
        const [first] = res.json().results as DemandComment[];
        expect(first?.contact ?? null, who).toEqual(sees ? commenterContact : null);
        if (!sees) {
          expect(res.body, who).not.toContain(commenter.phone);
          expect(res.body, who).not.toContain(commenter.email);
        }
      }
    }
  });

  it('the organiser sees every contact in the console (community.read)', async () => {
    const res = await call('GET', `/api/console/meetings/${meetingId}/demands/${hidden._id.$id}`, {
      as: organiser,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contact.phone).toBe(poster.phone);
    expect(res.json().comments[0].contact.email).toBe(commenter.email);
    const denied = await call('GET', `/api/console/meetings/${meetingId}/demands`, { as: other });
    expect(denied.statusCode).toBe(403);
  });

  it('tells the poster of a comment by e-mail, in the comment’s transaction', async () => {
    const mails = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, poster.email));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]?.subject).toContain('Open contact demand');
  });
});

describe('comments and closing (§4, §6)', () => {
  // A poster of their own per test: more than 10 posts a minute by one user is flood (§5).
  let poster: Person;
  beforeEach(async () => {
    poster = await person({ isParticipant: true });
  });
  it('commenting without registration → 403 participant.required, nothing stored', async () => {
    const demand = await postOk(poster);
    const res = await call('POST', `/api/demands/${demand._id.$id}/comments`, {
      as: stranger,
      json: { content: 'Can I join?' },
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'participant.required']);
    const guest = await call('POST', `/api/demands/${demand._id.$id}/comments`, {
      json: { content: 'Hi there' },
    });
    expect(guest.statusCode).toBe(401);
    const [row] = await world.t.database.db
      .select({ n: count() })
      .from(demandComments)
      .where(eq(demandComments.demandId, demand._id.$id));
    expect(row?.n).toBe(0);
  });

  it('only the poster closes; a closed demand takes no comments nor edits (409 item.closed)', async () => {
    const demand = await postOk(poster);
    const byOther = await call('PUT', `/api/demands/${demand._id.$id}`, { as: other, json: { status: 2 } });
    expect([byOther.statusCode, byOther.json().code]).toEqual([403, 'no_permission']);
    const closed = await call('PUT', `/api/demands/${demand._id.$id}`, { as: poster, form: { status: '2' } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 2, state: 'closed' });
    const comment = await call('POST', `/api/demands/${demand._id.$id}/comments`, {
      as: commenter,
      json: { content: 'Still available?' },
    });
    expect([comment.statusCode, comment.json().code]).toEqual([409, 'item.closed']);
    const edit = await call('PUT', `/api/demands/${demand._id.$id}`, {
      as: poster,
      json: { title: 'A new title here' },
    });
    expect(edit.json().code).toBe('item.closed');
  });

  it('a blocked demand is hidden from others, labelled for its poster; deleted ones are gone', async () => {
    const demand = await postOk(poster, { title: 'To be blocked by the organiser' });
    const block = await call('POST', `/api/console/meetings/${meetingId}/demands/${demand._id.$id}/state`, {
      as: organiser,
      json: { state: 'blocked' },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await call('GET', `/api/demands/${demand._id.$id}`, { as: other })).statusCode).toBe(404);
    const own = await call('GET', `/api/demands/${demand._id.$id}`, { as: poster });
    expect(own.json().state).toBe('blocked');
    const mine = await call('GET', apiUrl('/demands', { meeting_id: meetingId, mine: 1 }), { as: poster });
    expect((mine.json().results as Demand[]).some((d) => d._id.$id === demand._id.$id)).toBe(true);
    const removed = await call('DELETE', `/api/demands/${demand._id.$id}`, { as: poster });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/api/demands/${demand._id.$id}`, { as: poster })).statusCode).toBe(404);
  });

  it('lists with filters, keyword search and hot order', async () => {
    const unique = `Zebra-${randomBytes(3).toString('hex')}`;
    const made = await postOk(poster, { title: `${unique} crates wanted`, type: 'demand' });
    const found = await call('GET', apiUrl('/demands', { meeting_id: meetingId, keyword: unique }));
    expect((found.json().results as Demand[]).map((d) => d._id.$id)).toEqual([made._id.$id]);
    expect(found.json().total).toBe(1);
    const typed = await call('GET', apiUrl('/demands', { meeting_id: meetingId, type: 'supply' }));
    expect((typed.json().results as Demand[]).every((d) => d.type === 'supply')).toBe(true);
    const hot = await call('GET', apiUrl('/demands', { meeting_id: meetingId, order: 'hot', limit: 5 }));
    expect(hot.statusCode, hot.body).toBe(200);
  });
});

describe('likes (§2 /demand/like): atomic', () => {
  it('100 parallel likes by 100 users count exactly 100; the same user twice counts once', async () => {
    const poster = await person({ isParticipant: true });
    const demand = await postOk(poster, { title: 'Popular demand for likes' });
    const likers = await Promise.all(Array.from({ length: 100 }, () => person({ isParticipant: false })));
    const answers = await Promise.all(
      likers.map((liker) =>
        call('POST', '/api/demand/likes', { as: liker, json: { demand_id: demand._id.$id } }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const [row] = await world.t.database.db.select().from(demands).where(eq(demands.id, demand._id.$id));
    expect(row?.likeTotal).toBe(100);
    const [likes] = await world.t.database.db
      .select({ n: count() })
      .from(demandLikes)
      .where(eq(demandLikes.demandId, demand._id.$id));
    expect(likes?.n).toBe(100);

    const single = await postOk(poster, { title: 'Liked twice by one person' });
    const twice = await Promise.all([
      call('POST', '/api/demand/likes', { as: other, json: { demand_id: single._id.$id } }),
      call('POST', '/api/demand/likes', { as: other, json: { demand_id: single._id.$id } }),
    ]);
    expect(twice.map((res) => res.statusCode)).toEqual([200, 200]);
    const read = await call('GET', `/api/demands/${single._id.$id}`, { as: other });
    expect(read.json()).toMatchObject({ like_total: 1, is_liked: 1 });
    const liked = await call('GET', apiUrl('/demands', { meeting_id: meetingId, liked: 1 }), { as: other });
    expect((liked.json().results as Demand[]).map((d) => d._id.$id)).toContain(single._id.$id);
    const unlike = await call('DELETE', apiUrl('/demand/likes', { demand_id: single._id.$id }), {
      as: other,
    });
    expect(unlike.json()).toMatchObject({ like_total: 0, is_liked: 0 });
    const again = await call('DELETE', apiUrl('/demand/likes', { demand_id: single._id.$id }), { as: other });
    expect(again.json()).toMatchObject({ like_total: 0, is_liked: 0 });
  }, 120_000);
});

describe('console decisions resolve the moderation queue; a banned poster edits nothing (§5)', () => {
  async function queueRow(kind: string, targetId: string) {
    const [row] = await world.t.database.db
      .select()
      .from(moderationItems)
      .where(eq(moderationItems.targetId, targetId));
    expect(row?.kind).toBe(kind);
    return row;
  }

  it('a console block, unblock or delete of a demand or comment resolves its pending queue row in the same write', async () => {
    const demand = await postOk(poster, { title: 'Flagged demand for the queue' });
    const demandId = demand._id.$id;
    const comment = await call('POST', `/api/demands/${demandId}/comments`, {
      as: commenter,
      json: { content: 'A flagged comment on the demand' },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    const commentId = (comment.json() as DemandComment)._id.$id;
    const db = world.t.database.db;
    for (const [kind, targetId, userId] of [
      ['demand', demandId, poster.id],
      ['demand_comment', commentId, commenter.id],
    ] as const) {
      await queueForReview(db, { meetingId, kind, targetId, userId, category: null });
      expect((await queueRow(kind, targetId))?.state).toBe('pending');
    }
    const consoleBase = `/api/console/meetings/${meetingId}`;
    const setState = (path: string, state: string) =>
      call('POST', `${consoleBase}/${path}/state`, { as: organiser, json: { state } });
    expect((await setState(`demands/${demandId}`, 'blocked')).statusCode).toBe(200);
    expect(await queueRow('demand', demandId)).toMatchObject({
      state: 'blocked',
      resolvedBy: expect.any(String),
    });
    const pending = await call(
      'GET',
      apiUrl(`/console/meetings/${meetingId}/moderation/queue`, { tab: 'pending' }),
      {
        as: organiser,
      },
    );
    expect(pending.statusCode, pending.body).toBe(200);
    const pendingIds = (pending.json().items as { target_id: string }[]).map((item) => item.target_id);
    expect(pendingIds).not.toContain(demandId);
    expect(pendingIds).toContain(commentId);
    expect((await setState(`demands/${demandId}`, 'visible')).statusCode).toBe(200);
    expect((await queueRow('demand', demandId))?.state).toBe('approved');
    expect((await setState(`demand_comments/${commentId}`, 'blocked')).statusCode).toBe(200);
    expect((await queueRow('demand_comment', commentId))?.state).toBe('blocked');
    expect((await setState(`demand_comments/${commentId}`, 'deleted')).statusCode).toBe(200);
    expect((await queueRow('demand_comment', commentId))?.state).toBe('deleted');
  });

  it('a poster banned from posting cannot change images, hide_contact or close (403 moderation.banned), nothing stored', async () => {
    const banned = await person({ isParticipant: true });
    const demand = await postOk(banned, { title: 'Posted before the ban' });
    await world.t.database.db.insert(moderationBans).values({ meetingId, userId: banned.id, reason: 'spam' });
    for (const json of [{ hide_contact: 1 }, { status: 2 }, { images: [] }]) {
      const res = await call('PUT', `/api/demands/${demand._id.$id}`, { as: banned, json });
      expect([res.statusCode, res.json().code], JSON.stringify(json)).toEqual([403, 'moderation.banned']);
    }
    const [row] = await world.t.database.db.select().from(demands).where(eq(demands.id, demand._id.$id));
    expect(row).toMatchObject({ status: 'open', hideContact: 0 });
  });
});
