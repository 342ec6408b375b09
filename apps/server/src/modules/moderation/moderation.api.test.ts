import type { LoginResult } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, otherMeetingId, wireIdText } from '../../../test/demo-roles.ts';
import { bearer, loginByPhone } from '../../../test/login.ts';
import { newId } from '../../db/ids.ts';
import { useModerationProvider } from '../../providers/moderation/create-moderation-provider.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { findBinding } from '../exhibitors/exhibitors.repository.ts';
import { inquiries, inquiryMessages } from '../inquiries/inquiries.tables.ts';
import { questions } from '../questions/questions.tables.ts';
import { threads } from '../threads/threads.tables.ts';
import { users } from '../users/users.tables.ts';
import { reportItem } from './moderation.reports.ts';
import { moderateImage, moderateText, queueForReview } from './moderation.service.ts';
import { moderationItems, moderationReports } from './moderation.tables.ts';
import { moderationTargetOf, registerModerationTarget } from './moderation.targets.ts';

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;

/**
 * Items of a stand-in module (kind 'thread_reply') kept in memory: the registry is how moderation
 * reaches any module's rows, so the queue, reports and decisions are tested without another module.
 * The registry is the process's: the threads module's own target comes back after this file, for
 * the files that run after it in the same worker.
 */
const replies = new Map<string, { meetingId: string; userId: string; text: string; state: string }>();
const threadsTarget = moderationTargetOf('thread_reply');
registerModerationTarget({
  kind: 'thread_reply',
  // Follows the registry's contract: a deleted item is never touched; onlyVisible changes a visible one only.
  async setState(_tx, input) {
    const item = replies.get(input.targetId);
    if (!item || item.meetingId !== input.meetingId || item.state === 'deleted') return false;
    if (input.onlyVisible && item.state !== 'visible') return false;
    item.state = input.state;
    return true;
  },
  // The stand-in has no read rules of its own: every stored item can be reported.
  async canSee(_db, targetId) {
    return replies.has(targetId);
  },
  async describe(_db, ids) {
    const described = new Map<
      string,
      { meetingId: string; userId: string; text: string; link: string | null }
    >();
    for (const id of ids) {
      const item = replies.get(id);
      if (item) described.set(id, { ...item, link: `/meeting/talk?reply_id=${id}` });
    }
    return described;
  },
});

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
});
afterAll(async () => {
  if (threadsTarget) registerModerationTarget(threadsTarget);
  await world.t.close();
});

let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.77.${addresses >> 8}.${addresses & 255}`;
};
let phones = 0;
/** A fresh logged-in user of the demo meeting. */
const newUser = async () => {
  phones += 1;
  return loginByPhone(world.t, meetingId, `137${String(10_000_000 + phones).slice(-8)}`);
};

async function call(
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
const consoleBase = () => `/api/console/meetings/${meetingId}/moderation`;
const deps = () => ({ db: world.t.database.db, config: world.t.app.deps.config });

/** A reply by `userId` in the stand-in module, visible. */
function reply(userId: string, text = 'Is the booth open on Sunday?'): string {
  const id = newId();
  replies.set(id, { meetingId, userId, text, state: 'visible' });
  return id;
}

describe('sensitive content refused with its category (§5)', () => {
  // One text per §5 category; 'flood' is the rate check below.
  const samples: [string, string][] = [
    ['spam', 'Join us, 兼职日结 every day'],
    ['ad', 'Great quality, 加微信 for the catalogue'],
    ['politics', '支持台独'],
    ['terrorism', 'Teaching how to make a bomb'],
    ['abuse', 'You are an asshole'],
    ['porn', '同城约炮'],
    ['contraband', 'Cheap cocaine here'],
    ['meaningless', 'asdfghjkl'],
    ['harmful', 'Best online casino bonus'],
  ];
  it.each(samples)(
    'a name of category %s → 400 content.sensitive with it, nothing stored',
    async (category, text) => {
      const user = await newUser();
      const id = wireIdText(user.user_id);
      const [before] = await world.t.database.db.select().from(users).where(eq(users.id, id));
      const res = await world.t.call('PUT', `/api/users/${id}`, {
        headers: bearer(user),
        form: { username: text },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'content.sensitive', data: { category } });
      const [after] = await world.t.database.db.select().from(users).where(eq(users.id, id));
      expect(after?.username).toBe(before?.username);
    },
  );

  it('work title and company are checked too; a clean name passes', async () => {
    const user = await newUser();
    const id = wireIdText(user.user_id);
    const bad = await world.t.call('POST', `/api/users/${id}/works`, {
      headers: bearer(user),
      form: { title: 'Sales', company: 'Buy now limited time offer' },
    });
    expect(bad.json()).toMatchObject({ code: 'content.sensitive', data: { category: 'ad' } });
    const good = await world.t.call('PUT', `/api/users/${id}`, {
      headers: bearer(user),
      form: { username: '王小明 Nice' },
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('flood: the same text a third time in 10 minutes, or an 11th post in a minute → category flood', async () => {
    const userId = newId();
    const post = (text: string) =>
      moderateText(deps(), { meetingId, userId, kind: 'thread_reply', texts: [text] });
    await post('Where is hall 3?');
    await post('Where is hall 3?');
    await expect(post('where is HALL 3 ?!')).rejects.toMatchObject({
      code: 'content.sensitive',
      extra: { data: { category: 'flood' } },
    });
    for (let i = 0; i < 8; i++) await post(`Question number ${i} about the schedule`);
    await expect(post('One more about lunch')).rejects.toMatchObject({
      extra: { data: { category: 'flood' } },
    });
    // Another user is not affected.
    await expect(
      moderateText(deps(), { meetingId, userId: newId(), kind: 'thread_reply', texts: ['Where is hall 3?'] }),
    ).resolves.toEqual({ state: 'visible', category: null });
  });

  it("the meeting's own words refuse; its allow-list lets a baseline word through; the cache follows writes", async () => {
    const userId = newId();
    const check = (text: string) =>
      moderateText(deps(), { meetingId, userId, kind: 'thread', texts: [text] });
    await expect(check('Visit CompetitorCorp instead')).resolves.toMatchObject({ state: 'visible' });
    const word = await call('POST', `${consoleBase()}/words`, organiser, {
      word: 'competitorcorp',
      category: 'ad',
    });
    expect(word.statusCode, word.body).toBe(200);
    await expect(check('Visit Ｃｏｍｐｅｔｉｔｏｒ Corp? no: CompetitorCorp!')).rejects.toMatchObject({
      extra: { data: { category: 'ad' } },
    });
    await expect(check('We are selling 仿真枪 models')).rejects.toMatchObject({
      extra: { data: { category: 'contraband' } },
    });
    const allow = await call('POST', `${consoleBase()}/words`, organiser, {
      word: '仿真枪',
      allow: 1,
      category: null,
    });
    expect(allow.statusCode, allow.body).toBe(200);
    await expect(check('We are selling 仿真枪 models')).resolves.toMatchObject({ state: 'visible' });
    const removed = await call('DELETE', `${consoleBase()}/words/${word.json()._id}`, organiser);
    expect(removed.statusCode, removed.body).toBe(200);
    await expect(check('CompetitorCorp has a booth too')).resolves.toMatchObject({ state: 'visible' });
    const tested = await call('POST', `${consoleBase()}/words/test`, organiser, { text: 'buy now!!' });
    expect(tested.json()).toMatchObject({ verdict: 'reject', category: 'ad' });
  });
});

describe('provider unsure or unreachable → review (never lost, never 5xx)', () => {
  it('moderateText answers review when the provider errs; a clean text with the local provider is visible', async () => {
    const config = world.t.app.deps.config;
    const broken = {
      ...config,
      MODERATION_PROVIDER: 'openai' as const,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
      MODERATION_TIMEOUT_MS: 300,
    };
    const subject = { meetingId, userId: newId(), kind: 'thread' as const, texts: ['', 'Is the hall open?'] };
    await expect(moderateText({ db: world.t.database.db, config: broken }, subject)).resolves.toEqual({
      state: 'review',
      category: null,
    });
    await expect(moderateText(deps(), { ...subject, userId: newId() })).resolves.toEqual({
      state: 'visible',
      category: null,
    });
    // Empty texts are skipped: nothing to check.
    await expect(moderateText(deps(), { ...subject, texts: ['  '] })).resolves.toEqual({
      state: 'visible',
      category: null,
    });
  });
});

describe('image hook of uploads', () => {
  it('the local provider allows images; a provider refusing an image → 400 content.sensitive with its category', async () => {
    const image = { meetingId, userId: newId(), bytes: new Uint8Array([137, 80, 78, 71]), mime: 'image/png' };
    await expect(moderateImage(deps(), image)).resolves.toBeUndefined();
    const config = { ...world.t.app.deps.config };
    useModerationProvider(config, {
      name: 'fake',
      checkText: async () => ({ verdict: 'allow' }),
      checkImage: async () => ({ verdict: 'reject', category: 'porn' }),
    });
    await expect(moderateImage({ config }, image)).rejects.toMatchObject({
      code: 'content.sensitive',
      extra: { data: { category: 'porn' } },
    });
    useModerationProvider(config, {
      name: 'fake',
      checkText: async () => ({ verdict: 'allow' }),
      checkImage: async () => {
        throw new Error('down');
      },
    });
    await expect(moderateImage({ config }, image)).resolves.toBeUndefined();
  });
});

describe('reports (POST /reports) and the queue', () => {
  it('3 distinct reporters hide a visible item pending review; the same reporter twice → 409', async () => {
    const author = newId();
    const id = reply(author);
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const body = { meeting_id: meetingId, kind: 'thread_reply', target_id: id, reason: 'ad' };
    expect((await call('POST', '/api/reports', a, body)).json()).toEqual({ ok: 1, hidden: 0 });
    const again = await call('POST', '/api/reports', a, { ...body, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'report.duplicate' });
    expect((await call('POST', '/api/reports', b, { ...body, reason: 'other', note: 'odd' })).json()).toEqual(
      { ok: 1, hidden: 0 },
    );
    expect(replies.get(id)?.state).toBe('visible');
    expect((await call('POST', '/api/reports', c, body)).json()).toEqual({ ok: 1, hidden: 1 });
    expect(replies.get(id)?.state).toBe('review');
    const queue = await call('GET', `${consoleBase()}/queue?kind=thread_reply`, organiser);
    const item = queue.json().items.find((row: { target_id: string }) => row.target_id === id);
    expect(item).toMatchObject({
      source: 'report',
      reports_count: 3,
      category: 'ad',
      state: 'pending',
      link: `/meeting/talk?reply_id=${id}`,
    });
    expect(item.reasons[0]).toBe('ad');
  });

  it('refuses an unknown item (404), a guest (401), an item of another meeting (404)', async () => {
    const user = await newUser();
    const body = { meeting_id: meetingId, kind: 'thread_reply', target_id: newId(), reason: 'spam' };
    expect((await call('POST', '/api/reports', user, body)).statusCode).toBe(404);
    expect((await call('POST', '/api/reports', null, body)).statusCode).toBe(401);
    const id = reply(newId());
    const other = await call('POST', '/api/reports', user, {
      ...body,
      target_id: id,
      meeting_id: '6f746865720000000000aaaa',
    });
    // The session belongs to the demo meeting: another meeting's id never reaches the report.
    expect([403, 404]).toContain(other.statusCode);
    const bad = await call('POST', '/api/reports', user, { ...body, target_id: id, reason: 'boring' });
    expect(bad.statusCode).toBe(400);
  });

  it('parallel reports: two reporters racing for the third report hide once; a double click counts once', async () => {
    const id = reply(newId());
    const body = { meeting_id: meetingId, kind: 'thread_reply', target_id: id, reason: 'abuse' };
    const reporters = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    await call('POST', '/api/reports', reporters[0] ?? null, body);
    await call('POST', '/api/reports', reporters[1] ?? null, body);
    const raced = await Promise.all([
      call('POST', '/api/reports', reporters[2] ?? null, body),
      call('POST', '/api/reports', reporters[3] ?? null, body),
      call('POST', '/api/reports', reporters[3] ?? null, body),
    ]);
    const statuses = raced.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409]);
    const hidden = raced.filter((res) => res.statusCode === 200).map((res) => res.json().hidden);
    expect(hidden.sort()).toEqual([0, 1]);
    const [row] = await world.t.database.db
      .select()
      .from(moderationItems)
      .where(eq(moderationItems.targetId, id));
    expect(row?.reportsCount).toBe(4);
    const reports = await world.t.database.db
      .select()
      .from(moderationReports)
      .where(eq(moderationReports.targetId, id));
    expect(reports.length).toBe(4);
  });

  it("review path: an unsure item queued by its module (source 'provider') is approved, blocked, unblocked, deleted — each in the audit log", async () => {
    const author = await newUser();
    const id = reply(wireIdText(author.user_id), 'Maybe a problem');
    replies.set(id, {
      ...(replies.get(id) as { meetingId: string; userId: string; text: string; state: string }),
      state: 'review',
    });
    await queueForReview(world.t.database.db, {
      meetingId,
      kind: 'thread_reply',
      targetId: id,
      userId: wireIdText(author.user_id),
      category: null,
    });
    const queue = await call('GET', `${consoleBase()}/queue?tab=pending`, organiser);
    const item = queue.json().items.find((row: { target_id: string }) => row.target_id === id);
    expect(item).toMatchObject({
      source: 'provider',
      text: 'Maybe a problem',
      author: { username: expect.any(String) },
    });
    const decide = (action: string, as = organiser) =>
      call('PUT', `${consoleBase()}/queue/${item._id}`, as, { action });
    expect((await decide('approve')).json()).toMatchObject({ state: 'approved' });
    expect(replies.get(id)?.state).toBe('visible');
    expect((await decide('block')).json()).toMatchObject({ state: 'blocked' });
    expect(replies.get(id)?.state).toBe('blocked');
    const resolved = await call('GET', `${consoleBase()}/queue?tab=resolved`, organiser);
    expect(resolved.json().items.some((row: { _id: string }) => row._id === item._id)).toBe(true);
    expect((await decide('unblock')).json()).toMatchObject({ state: 'approved' });
    expect(replies.get(id)?.state).toBe('visible');
    expect((await decide('delete')).json()).toMatchObject({ state: 'deleted' });
    expect(replies.get(id)?.state).toBe('deleted');
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'moderation_item'), eq(auditLog.entityId, item._id)));
    expect(audit.length).toBe(4);
    // Permissions: community.moderate — a participant, an exhibitor and another meeting's organiser are refused.
    for (const role of ['participant', 'exhibitor', 'otherOrganiser'] as const) {
      expect((await decide('approve', world.logins[role])).statusCode).toBe(403);
      expect((await call('GET', `${consoleBase()}/queue`, world.logins[role])).statusCode).toBe(403);
    }
    replies.delete(id);
    expect((await decide('approve')).statusCode).toBe(404);
  });
});

describe('bans (403 moderation.banned)', () => {
  it('a banned author cannot post in the meeting until the ban is lifted; each in the audit log', async () => {
    const author = await newUser();
    const authorId = wireIdText(author.user_id);
    const ban = await call('POST', `${consoleBase()}/bans`, organiser, { user_id: authorId, reason: 'spam' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json()).toMatchObject({ user: { _id: authorId }, reason: 'spam', until: null });
    await expect(
      moderateText(deps(), { meetingId, userId: authorId, kind: 'thread', texts: ['Hello'] }),
    ).rejects.toMatchObject({ status: 403, code: 'moderation.banned' });
    const rename = await world.t.call('PUT', `/api/users/${authorId}`, {
      headers: bearer(author),
      form: { username: 'Fresh start' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({ code: 'moderation.banned' });
    // 403 moderation.banned refuses one action: the session stays valid.
    expect((await call('GET', `/api/users/${authorId}`, author)).statusCode).not.toBe(403);
    const list = await call('GET', `${consoleBase()}/bans`, organiser);
    expect(list.json().items.map((row: { user: { _id: string } }) => row.user._id)).toContain(authorId);
    expect(
      (await call('POST', `${consoleBase()}/bans`, world.logins.participant, { user_id: authorId }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `${consoleBase()}/bans`, world.logins.user)).statusCode).toBe(403);
    const lifted = await call('DELETE', `${consoleBase()}/bans/${authorId}`, organiser);
    expect(lifted.statusCode, lifted.body).toBe(200);
    await expect(
      moderateText(deps(), { meetingId, userId: authorId, kind: 'thread', texts: ['Hello'] }),
    ).resolves.toMatchObject({ state: 'visible' });
    expect((await call('DELETE', `${consoleBase()}/bans/${authorId}`, organiser)).statusCode).toBe(404);
    const expired = await call('POST', `${consoleBase()}/bans`, organiser, {
      user_id: authorId,
      until: Math.floor(Date.now() / 1000) - 60,
    });
    expect(expired.statusCode).toBe(200);
    await expect(
      moderateText(deps(), { meetingId, userId: authorId, kind: 'thread', texts: ['Hello again'] }),
    ).resolves.toMatchObject({ state: 'visible' });
    const audit = await world.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'moderation_ban'), eq(auditLog.entityId, authorId)));
    expect(audit.length).toBe(3);
  });

  it('word-list writes need community.moderate; reads community.read', async () => {
    expect(
      (await call('POST', `${consoleBase()}/words`, world.logins.exhibitor, { word: 'x1', category: 'ad' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `${consoleBase()}/words`, world.logins.checkin)).statusCode).toBe(403);
    expect((await call('GET', `${consoleBase()}/words`, organiser)).statusCode).toBe(200);
    const noCategory = await call('POST', `${consoleBase()}/words`, organiser, { word: 'x2' });
    expect(noCategory.statusCode).toBe(400);
    const punctuation = await call('POST', `${consoleBase()}/words`, organiser, {
      word: '!!!',
      category: 'spam',
    });
    expect(punctuation.statusCode).toBe(400);
  });
});

describe('items that are not visible stay so; reports reach only what the reporter can see (§5, §6)', () => {
  const db = () => world.t.database.db;
  // The code flow limits how many logins a test run makes: these tests share four users.
  const pool: LoginResult[] = [];
  const pooled = async (n: number) => {
    while (pool.length <= n) pool.push(await newUser());
    return pool[n] as LoginResult;
  };
  const report = (as: LoginResult, kind: string, targetId: string) =>
    call('POST', '/api/reports', as, { meeting_id: meetingId, kind, target_id: targetId, reason: 'spam' });
  /** A thread of the real threads module, written straight into its table. */
  async function thread(userId: string, state: 'visible' | 'review' | 'blocked' | 'deleted' = 'visible') {
    const id = newId();
    await db().insert(threads).values({
      id,
      meetingId,
      userId,
      title: 'Hall map',
      content: 'Where is hall 3?',
      moderationState: state,
    });
    return id;
  }
  const threadState = async (id: string) =>
    (await db().select().from(threads).where(eq(threads.id, id)))[0]?.moderationState;
  const demoEnterpriseId = async () => {
    const binding = await findBinding(db(), wireIdText(world.logins.exhibitor.user_id), meetingId);
    if (!binding?.enterpriseId) throw new Error('the demo exhibitor is not bound');
    return binding.enterpriseId;
  };

  it('the third report of a blocked or deleted item is stored and hides nothing', async () => {
    for (const state of ['blocked', 'deleted']) {
      const id = reply(newId());
      const item = replies.get(id) as { state: string };
      item.state = state;
      for (const reporter of [await pooled(0), await pooled(1), await pooled(2)]) {
        const res = await report(reporter, 'thread_reply', id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ ok: 1, hidden: 0 });
      }
      expect(item.state).toBe(state);
      const stored = await db().select().from(moderationReports).where(eq(moderationReports.targetId, id));
      expect(stored.length).toBe(3);
    }
  });

  it('a thread its author deleted after two reports: reports of it are 404 and the queue cannot bring it back', async () => {
    const id = await thread(wireIdText(world.logins.participant.user_id));
    const [a, b, c] = [await pooled(0), await pooled(1), await pooled(2)];
    expect((await report(a, 'thread', id)).json()).toEqual({ ok: 1, hidden: 0 });
    expect((await report(b, 'thread', id)).json()).toEqual({ ok: 1, hidden: 0 });
    await db().update(threads).set({ moderationState: 'deleted' }).where(eq(threads.id, id));
    expect((await report(c, 'thread', id)).statusCode).toBe(404);
    const queue = await call('GET', `${consoleBase()}/queue?tab=pending&kind=thread`, organiser);
    const item = queue.json().items.find((row: { target_id: string }) => row.target_id === id);
    for (const action of ['approve', 'unblock', 'block']) {
      const res = await call('PUT', `${consoleBase()}/queue/${item._id}`, organiser, { action });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
      expect(await threadState(id)).toBe('deleted');
    }
    // Deleting it closes the queue row; the item stays deleted.
    const deleted = await call('PUT', `${consoleBase()}/queue/${item._id}`, organiser, { action: 'delete' });
    expect(deleted.json()).toMatchObject({ state: 'deleted' });
    expect(await threadState(id)).toBe('deleted');
  });

  it("every module's setState leaves a deleted row alone, and report-driven hiding a blocked one", async () => {
    const askerId = wireIdText((await pooled(0)).user_id);
    const exhibitorId = wireIdText(world.logins.exhibitor.user_id);
    const enterpriseId = await demoEnterpriseId();
    const rows = {
      thread: [await thread(askerId, 'deleted'), await thread(askerId, 'blocked')],
      question: [newId(), newId()],
      answer: [newId(), newId()],
      inquiry: [newId(), newId()],
      inquiry_message: [newId(), newId()],
    };
    const states = ['deleted', 'blocked'] as const;
    for (const [i, state] of states.entries()) {
      const questionId = rows.question[i] as string;
      const answerId = rows.answer[i] as string;
      await db()
        .insert(questions)
        .values([
          {
            id: questionId,
            meetingId,
            enterpriseId,
            userId: askerId,
            content: 'Price?',
            moderationState: state,
          },
          {
            id: answerId,
            meetingId,
            enterpriseId,
            userId: askerId,
            content: 'Stock?',
            answer: 'Yes',
            answeredByUserId: exhibitorId,
            answerModerationState: state,
          },
        ]);
      const inquiryId = rows.inquiry[i] as string;
      await db().insert(inquiries).values({
        id: inquiryId,
        meetingId,
        enterpriseId,
        userId: askerId,
        content: 'Quote',
        moderationState: state,
      });
      await db()
        .insert(inquiryMessages)
        .values({
          id: rows.inquiry_message[i] as string,
          inquiryId,
          meetingId,
          userId: askerId,
          side: 'asker',
          content: 'Any news?',
          moderationState: state,
        });
    }
    for (const [kind, ids] of Object.entries(rows)) {
      const target = moderationTargetOf(kind as 'thread');
      if (!target) throw new Error(`${kind} is not registered`);
      const [deletedId, blockedId] = ids as [string, string];
      for (const state of ['visible', 'review', 'blocked'] as const) {
        expect(
          await target.setState(db(), { meetingId, targetId: deletedId, state }),
          `${kind} ${state}`,
        ).toBe(false);
      }
      expect(
        await target.setState(db(), { meetingId, targetId: blockedId, state: 'review', onlyVisible: true }),
        kind,
      ).toBe(false);
      // The organiser's own decisions still reach a blocked item.
      expect(await target.setState(db(), { meetingId, targetId: blockedId, state: 'visible' }), kind).toBe(
        true,
      );
    }
  });

  it('private questions, inquiries and their messages, and items held for review: 404 for strangers', async () => {
    const asker = await pooled(0);
    const askerId = wireIdText(asker.user_id);
    const stranger = await pooled(1);
    const exhibitor = world.logins.exhibitor;
    const enterpriseId = await demoEnterpriseId();
    const [privateQ, publicQ, reviewQ, inquiryId, messageId] = [newId(), newId(), newId(), newId(), newId()];
    await db()
      .insert(questions)
      .values([
        { id: privateQ, meetingId, enterpriseId, userId: askerId, content: 'Discount?', isPublic: 0 },
        { id: publicQ, meetingId, enterpriseId, userId: askerId, content: 'Opening hours?' },
        { id: reviewQ, meetingId, enterpriseId, userId: askerId, content: 'Hmm?', moderationState: 'review' },
      ]);
    await db()
      .insert(inquiries)
      .values({ id: inquiryId, meetingId, enterpriseId, userId: askerId, content: 'Quote' });
    await db()
      .insert(inquiryMessages)
      .values({
        id: messageId,
        inquiryId,
        meetingId,
        userId: wireIdText(exhibitor.user_id),
        side: 'exhibitor',
        content: 'Here it is',
      });
    const hiddenThread = await thread(askerId, 'review');
    for (const [kind, id] of [
      ['question', privateQ],
      ['question', reviewQ],
      ['inquiry', inquiryId],
      ['inquiry_message', messageId],
      ['thread', hiddenThread],
    ] as const) {
      const res = await report(stranger, kind, id);
      expect(res.statusCode, `${kind} ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    const none = await db()
      .select()
      .from(moderationReports)
      .where(
        and(
          eq(moderationReports.reporterId, wireIdText(stranger.user_id)),
          inArray(moderationReports.targetId, [privateQ, reviewQ, inquiryId, messageId, hiddenThread]),
        ),
      );
    expect(none.length).toBe(0);
    // Those the items are meant for can report them; a visible public item anyone can.
    expect((await report(exhibitor, 'question', privateQ)).statusCode).toBe(200);
    expect((await report(exhibitor, 'inquiry', inquiryId)).statusCode).toBe(200);
    expect((await report(asker, 'inquiry_message', messageId)).statusCode).toBe(200);
    expect((await report(stranger, 'question', publicQ)).statusCode).toBe(200);
  });

  it("a profile's queue row and reports are per meeting: a reporter in one meeting can report it in another", async () => {
    const author = await pooled(0);
    const reporter = await pooled(1);
    const body = { kind: 'profile' as const, target_id: wireIdText(author.user_id), reason: 'ad' as const };
    const userId = wireIdText(reporter.user_id);
    const here = await reportItem({ db: db() }, { userId, body: { ...body, meeting_id: meetingId } });
    const there = await reportItem({ db: db() }, { userId, body: { ...body, meeting_id: otherMeetingId } });
    expect([here, there]).toEqual([
      { ok: 1, hidden: 0 },
      { ok: 1, hidden: 0 },
    ]);
    const rows = await db()
      .select()
      .from(moderationItems)
      .where(eq(moderationItems.targetId, body.target_id));
    expect(rows.map((row) => [row.meetingId, row.reportsCount]).sort()).toEqual(
      [
        [meetingId, 1],
        [otherMeetingId, 1],
      ].sort(),
    );
  });

  it('a ban until past year 9999 or before 1970 → 400, nothing stored', async () => {
    const user = await pooled(3);
    for (const until of [1e13, -2625945518946008]) {
      const res = await call('POST', `${consoleBase()}/bans`, organiser, {
        user_id: wireIdText(user.user_id),
        until,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const list = await call('GET', `${consoleBase()}/bans`, organiser);
    expect(list.json().items.map((row: { user: { _id: string } }) => row.user._id)).not.toContain(
      wireIdText(user.user_id),
    );
  });
});
