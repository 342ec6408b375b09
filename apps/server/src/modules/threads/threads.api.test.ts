import type { ConsoleThread, LoginResult, Thread, ThreadReply } from '@app/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { newParticipant, newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { uploads } from '../media/media.tables.ts';
import { moderationTargetOf } from '../moderation/moderation.targets.ts';
import { threadLikes, threadReplies, threadReplyLikes, threads } from './threads.tables.ts';

/**
 * Threads and talk (§2 /meeting/thread/list, /meeting/talk; §5 sensitive content; §6 participants):
 * bad input stores nothing, posting needs registration, a closed thread refuses replies
 * (409 item.closed), likes are exact under 100 parallel users, newest and hot ordering (the hot
 * score computed in SQL), moderation states seen only by the author, and the console's pin/close.
 */

let world: DemoWorld;
let meetingId: string;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  alice = await newParticipant(world.t, meetingId, { username: 'Alice' });
  bob = await newParticipant(world.t, meetingId, { username: 'Bob' });
}, 60_000);
afterAll(() => world.t.close());

let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.77.${addresses >> 8}.${addresses & 255}`;
};

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: LoginResult | null,
  json?: unknown,
) {
  return world.t.call(method, url, {
    ...(json !== undefined ? { json } : {}),
    headers: as ? bearer(as) : {},
    remoteAddress: nextIp(),
  });
}

let posted = 0;
async function post(as: LoginResult, fields: Record<string, unknown> = {}): Promise<Thread> {
  posted += 1;
  const res = await call('POST', '/api/threads', as, {
    meeting_id: meetingId,
    title: `Shuttle bus times ${posted}`,
    content: `Does the shuttle to hall ${posted} run every half hour?`,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function reply(as: LoginResult, threadId: string, content: string) {
  return call('POST', `/api/threads/${threadId}/replies`, as, { content });
}

async function list(as: LoginResult | null, order: 'newest' | 'hot' = 'newest'): Promise<Thread[]> {
  const res = await call('GET', apiUrl('/threads', { meeting_id: meetingId, order, limit: 50 }), as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

/** An upload row of `owner` in the image bucket, as the media module stores it; returns its URL. */
async function imageOf(owner: Person, mime: string): Promise<string> {
  const key = `${newId()}/photo.${mime === 'image/gif' ? 'gif' : mime === 'image/png' ? 'png' : 'jpg'}`;
  await world.t.database.db.insert(uploads).values({
    id: key.slice(0, 24),
    bucket: 'image',
    key,
    userId: owner.userId,
    meetingId,
    mime,
    size: 100,
    width: 10,
    height: 10,
  });
  return `/api/files/image/${key}`;
}

const threadCount = async () =>
  Number((await world.t.database.db.select({ n: count() }).from(threads))[0]?.n);
const replyCount = async () =>
  Number((await world.t.database.db.select({ n: count() }).from(threadReplies))[0]?.n);

describe('posting a thread', () => {
  it('a participant posts; everyone (guests too) reads it with its author but never a contact', async () => {
    const photo = await imageOf(alice, 'image/png');
    const thread = await post(alice, { images: [photo] });
    expect(thread).toMatchObject({
      title: expect.stringContaining('Shuttle'),
      images: [photo],
      user: { name: 'Alice' },
      like_total: 0,
      reply_total: 0,
      is_mine: 1,
      pinned: 0,
      closed: 0,
      moderation_state: 'visible',
    });
    expect(Object.keys(thread.user).sort()).toEqual(['_id', 'avatar', 'name']);
    const guest = await call('GET', `/api/threads/${thread._id.$id}`, null);
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ is_mine: 0, is_liked: 0 });
    expect((await list(null)).map((t) => t._id.$id)).toContain(thread._id.$id);
  });

  it('bad input answers 400 and stores nothing', async () => {
    const before = await threadCount();
    // §5 jpg or png uploads of the poster: the stored type counts, not the name.
    const renamedGif = (await imageOf(alice, 'image/gif')).replace(/\.gif$/, '.jpg');
    const bad: Record<string, unknown>[] = [
      { title: 'Renamed GIF', content: 'x', images: [renamedGif] },
      { title: 'Someone else’s', content: 'x', images: [await imageOf(bob, 'image/png')] },
      { title: 'Outside image', content: 'x', images: ['https://example.com/a.png'] },
      { title: 'Not uploaded', content: 'x', images: ['/api/files/image/abc/photo.png'] },
      { title: 'A', content: 'too short a title' },
      { title: 'x'.repeat(101), content: 'too long a title' },
      { title: 'Empty content', content: '   ' },
      { title: 'Long content', content: 'y'.repeat(2001) },
      { title: 'A GIF', content: 'gif image', images: ['/api/files/image/abc/anim.gif'] },
      { title: 'Ten images', content: 'too many', images: Array(10).fill('/api/files/image/a/b.jpg') },
      { title: 'No meeting', content: 'x', meeting_id: 'not-an-id' },
    ];
    for (const fields of bad) {
      const res = await call('POST', '/api/threads', alice, { meeting_id: meetingId, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect(await threadCount()).toBe(before);
  });

  it('sensitive content is refused with its category (§5) and nothing is stored', async () => {
    const before = await threadCount();
    const res = await call('POST', '/api/threads', alice, {
      meeting_id: meetingId,
      title: 'asdfghjkl',
      content: 'asdfghjklasdfghjkl',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'content.sensitive', data: { category: 'meaningless' } });
    expect(await threadCount()).toBe(before);
  });

  it('guests must log in; a user without registration gets participant.required (§6)', async () => {
    const before = await threadCount();
    const guest = await call('POST', '/api/threads', null, {
      meeting_id: meetingId,
      title: 'Hi all',
      content: 'x',
    });
    expect(guest.statusCode).toBe(401);
    const stranger = await call('POST', '/api/threads', world.logins.user, {
      meeting_id: meetingId,
      title: 'Hello everyone',
      content: 'Who else is here?',
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('participant.required');
    expect(await threadCount()).toBe(before);
  });

  it('only the author deletes a thread; then nobody sees it', async () => {
    const thread = await post(alice);
    const id = thread._id.$id;
    expect((await call('DELETE', `/api/threads/${id}`, bob)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/threads/${id}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/api/threads/${id}`, alice)).statusCode).toBe(404);
    expect((await list(alice)).map((t) => t._id.$id)).not.toContain(id);
  });
});

describe('replies', () => {
  it('another participant replies; totals and last_reply_at move; replies come oldest first', async () => {
    const thread = await post(alice);
    const id = thread._id.$id;
    const first = await reply(bob, id, 'Every 20 minutes from the north gate.');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ user: { name: 'Bob' }, is_mine: 1, moderation_state: 'visible' });
    expect((await reply(alice, id, 'Thanks, Bob!')).statusCode).toBe(200);
    const replies: ThreadReply[] = (await call('GET', `/api/threads/${id}/replies`, null)).json().results;
    expect(replies.map((r) => r.content)).toEqual(['Every 20 minutes from the north gate.', 'Thanks, Bob!']);
    const after: Thread = (await call('GET', `/api/threads/${id}`, alice)).json();
    expect(after.reply_total).toBe(2);
    expect(after.last_reply_at).not.toBeNull();
  });

  it('bad replies store nothing: empty, 501 characters, unregistered, sensitive', async () => {
    const thread = await post(alice);
    const id = thread._id.$id;
    const before = await replyCount();
    expect((await reply(bob, id, '  ')).statusCode).toBe(400);
    expect((await reply(bob, id, 'z'.repeat(501))).statusCode).toBe(400);
    expect(
      (
        await reply(
          bob,
          id,
          'z'.repeat(500).replace(/z/g, (_, i) => 'abcdefghij'[i % 10] ?? 'a'),
        )
      ).statusCode,
    ).toBe(200);
    const unregistered = await reply(world.logins.user, id, 'Can I join?');
    expect(unregistered.json().code).toBe('participant.required');
    const mash = await reply(bob, id, 'qwerqwerqwerqwer');
    expect(mash.json()).toMatchObject({ code: 'content.sensitive', data: { category: 'meaningless' } });
    expect(await replyCount()).toBe(before + 1);
    expect((await reply(bob, newId(), 'Unknown thread')).statusCode).toBe(404);
  });

  it('a thread closed by the organiser refuses replies with 409 item.closed; reopened it takes them', async () => {
    const thread = await post(alice);
    const id = thread._id.$id;
    const closed = await call(
      'PUT',
      `/api/console/meetings/${meetingId}/threads/${id}`,
      world.logins.organiser,
      {
        closed: 1,
      },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as ConsoleThread).closed).toBe(1);
    const before = await replyCount();
    const refused = await reply(bob, id, 'Is it still open?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('item.closed');
    expect(await replyCount()).toBe(before);
    const reopened = await call(
      'PUT',
      `/api/console/meetings/${meetingId}/threads/${id}`,
      world.logins.organiser,
      {
        closed: '0',
      },
    );
    expect(reopened.statusCode).toBe(200);
    expect((await reply(bob, id, 'It is open again.')).statusCode).toBe(200);
  });
});

describe('likes', () => {
  it('100 participants like one thread at once → exactly 100; the same user twice → 1', async () => {
    const thread = await post(alice);
    const id = thread._id.$id;
    const likers: Person[] = [];
    for (let at = 0; at < 100; at += 25) {
      likers.push(...(await Promise.all(Array.from({ length: 25 }, () => newPerson(world.t, meetingId)))));
    }
    const answers = await Promise.all(
      likers.map((who) => call('POST', '/api/thread/likes', who, { target: 'thread', target_id: id })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const row = (await world.t.database.db.select().from(threads).where(eq(threads.id, id)))[0];
    expect(row?.likeTotal).toBe(100);
    const rows = await world.t.database.db
      .select({ n: count() })
      .from(threadLikes)
      .where(eq(threadLikes.targetId, id));
    expect(Number(rows[0]?.n)).toBe(100);

    const first = likers[0] as Person;
    const twice = await Promise.all([
      call('POST', '/api/thread/likes', first, { target: 'thread', target_id: id }),
      call('POST', '/api/thread/likes', first, { target: 'thread', target_id: id }),
    ]);
    expect(twice.map((a) => a.json().like_total)).toEqual([100, 100]);
    const undo = await call('DELETE', apiUrl('/thread/likes', { target: 'thread', target_id: id }), first);
    expect(undo.json()).toEqual({ like_total: 99, is_liked: 0 });
    const again = await call('DELETE', apiUrl('/thread/likes', { target: 'thread', target_id: id }), first);
    expect(again.json()).toEqual({ like_total: 99, is_liked: 0 });
    const seen: Thread = (await call('GET', `/api/threads/${id}`, likers[1] as Person)).json();
    expect(seen).toMatchObject({ like_total: 99, is_liked: 1 });
  }, 60_000);

  it('100 parallel likes of a reply are exact too; guests cannot like', async () => {
    const thread = await post(alice);
    const answer = await reply(bob, thread._id.$id, 'Take the metro line 2.');
    const replyId = (answer.json() as ThreadReply)._id.$id;
    const likers = await Promise.all(Array.from({ length: 100 }, () => newPerson(world.t, meetingId)));
    await Promise.all(
      likers.map((who) => call('POST', '/api/thread/likes', who, { target: 'reply', target_id: replyId })),
    );
    const row = (
      await world.t.database.db.select().from(threadReplies).where(eq(threadReplies.id, replyId))
    )[0];
    expect(row?.likeTotal).toBe(100);
    const likes = await world.t.database.db
      .select({ n: count() })
      .from(threadReplyLikes)
      .where(eq(threadReplyLikes.targetId, replyId));
    expect(Number(likes[0]?.n)).toBe(100);
    expect(
      (await call('POST', '/api/thread/likes', null, { target: 'reply', target_id: replyId })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/thread/likes', alice, { target: 'reply', target_id: newId() })).statusCode,
    ).toBe(404);
  }, 60_000);
});

describe('ordering', () => {
  it('newest: pinned first, then by posting time; hot: the decayed score of likes and replies', async () => {
    const db = world.t.database.db;
    await db.delete(threads);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const seed = async (title: string, hours: number, likes: number, replies: number) => {
      const id = newId();
      await db.insert(threads).values({
        id,
        meetingId,
        userId: alice.userId,
        title,
        content: title,
        likeTotal: likes,
        replyTotal: replies,
        createdAt: hoursAgo(hours),
      });
      return id;
    };
    // Scores (likes + 2·replies + 1) / (hours + 2)^1.5:
    await seed('fresh-quiet', 0, 0, 0); // 1 / 2.83 = 0.35
    await seed('day-old-busy', 24, 40, 20); // 81 / 132.6 = 0.61
    await seed('hour-old-some', 1, 3, 1); // 6 / 5.2 = 1.15
    await seed('week-old-famous', 168, 300, 100); // 501 / 2216 = 0.23
    expect((await list(null, 'newest')).map((t) => t.title)).toEqual([
      'fresh-quiet',
      'hour-old-some',
      'day-old-busy',
      'week-old-famous',
    ]);
    expect((await list(null, 'hot')).map((t) => t.title)).toEqual([
      'hour-old-some',
      'day-old-busy',
      'fresh-quiet',
      'week-old-famous',
    ]);
    // A like and a reply move a thread up the hot list; pinning puts one first in both.
    const quiet = (await list(null)).find((t) => t.title === 'fresh-quiet') as Thread;
    await db
      .update(threads)
      .set({ likeTotal: sql`${threads.likeTotal} + 5` })
      .where(eq(threads.id, quiet._id.$id));
    expect((await list(null, 'hot'))[0]?.title).toBe('fresh-quiet');
    const famous = (await list(null)).find((t) => t.title === 'week-old-famous') as Thread;
    const pin = await call(
      'PUT',
      `/api/console/meetings/${meetingId}/threads/${famous._id.$id}`,
      world.logins.organiser,
      { pinned: 1 },
    );
    expect(pin.statusCode).toBe(200);
    expect((await list(null, 'newest'))[0]?.title).toBe('week-old-famous');
    expect((await list(null, 'hot'))[0]?.title).toBe('week-old-famous');
    const paged = await call('GET', apiUrl('/threads', { meeting_id: meetingId, limit: 2, skip: 2 }), null);
    expect((paged.json().results as Thread[]).map((t) => t.title)).toEqual(['hour-old-some', 'day-old-busy']);
  });
});

describe('moderation states', () => {
  it('a blocked thread or reply is shown to its author only (labelled), to others not at all', async () => {
    const thread = await post(alice);
    const id = thread._id.$id;
    const target = moderationTargetOf('thread');
    const replyTarget = moderationTargetOf('thread_reply');
    expect(target && replyTarget).toBeTruthy();
    const answer = (await reply(bob, id, 'A reply to block.')).json() as ThreadReply;
    await replyTarget?.setState(world.t.database.db, {
      meetingId,
      targetId: answer._id.$id,
      state: 'blocked',
    });
    expect(((await call('GET', `/api/threads/${id}`, alice)).json() as Thread).reply_total).toBe(0);
    const forBob: ThreadReply[] = (await call('GET', `/api/threads/${id}/replies`, bob)).json().results;
    expect(forBob[0]?.moderation_state).toBe('blocked');
    expect((await call('GET', `/api/threads/${id}/replies`, alice)).json().results).toEqual([]);

    await target?.setState(world.t.database.db, { meetingId, targetId: id, state: 'blocked' });
    expect((await call('GET', `/api/threads/${id}`, bob)).statusCode).toBe(404);
    expect(((await call('GET', `/api/threads/${id}`, alice)).json() as Thread).moderation_state).toBe(
      'blocked',
    );
    expect((await list(bob)).map((t) => t._id.$id)).not.toContain(id);
    expect((await reply(alice, id, 'Can I still reply?')).statusCode).toBe(409);
    const described = await target?.describe(world.t.database.db, [id]);
    expect(described?.get(id)).toMatchObject({ meetingId, userId: alice.userId });
    expect(described?.get(id)?.link).toContain(`thread_id=${id}`);
    expect(
      await target?.setState(world.t.database.db, {
        meetingId: otherMeetingId,
        targetId: id,
        state: 'visible',
      }),
    ).toBe(false);
  });
});

describe('console', () => {
  it('organisers list every thread and pin/close (audited); others get 403', async () => {
    const thread = await post(alice);
    const url = `/api/console/meetings/${meetingId}/threads`;
    const listed = await call('GET', url, world.logins.organiser);
    expect(listed.statusCode).toBe(200);
    expect((listed.json().items as ConsoleThread[]).map((t) => t._id.$id)).toContain(thread._id.$id);
    for (const as of [world.logins.participant, world.logins.user, world.logins.otherOrganiser]) {
      expect((await call('GET', url, as)).statusCode).toBe(403);
      expect((await call('PUT', `${url}/${thread._id.$id}`, as, { pinned: 1 })).statusCode).toBe(403);
    }
    const pinned = await call('PUT', `${url}/${thread._id.$id}`, world.logins.organiser, { pinned: 1 });
    expect(pinned.json()).toMatchObject({ pinned: 1, closed: 0 });
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, thread._id.$id));
    expect(audit.length).toBe(1);
    expect((await call('PUT', `${url}/${newId()}`, world.logins.organiser, { pinned: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `${url}/${thread._id.$id}`, world.logins.organiser, {})).statusCode).toBe(400);
  });
});
