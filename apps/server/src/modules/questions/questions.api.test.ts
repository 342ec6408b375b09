import type { Inquiry, InquiryThread, LoginResult, Question } from '@app/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import {
  moderationProviderOf,
  useModerationProvider,
} from '../../providers/moderation/create-moderation-provider.ts';
import { newExhibitorUser, newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { setInquiryMessageState } from '../inquiries/inquiries.repository.ts';
import { inquiries, inquiryMessages } from '../inquiries/inquiries.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { questions } from './questions.tables.ts';

/**
 * Questions and price inquiries through the API (§3 Question, Price inquiry; §4 Q&A; §5; §6; §7
 * Enterprises; §8): the visibility matrix of public and private questions and of an inquiry's thread
 * for the asker, the bound exhibitor, another enterprise's exhibitor, a stranger, the organiser and a
 * visitor; who may answer and toggle; the §5 refusals with nothing stored; the notices.
 */

let world: DemoWorld;
let meetingId: string;
let ownEnterpriseId: string;
let otherEnterpriseId: string;
let ownProductId: string;
let asker: Person;
let exhibitor: LoginResult;
let otherExhibitor: Person;
let stranger: LoginResult;
let organiser: LoginResult;

type Who = LoginResult | null;

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who) : {},
    ...(json === undefined ? {} : { json }),
  });
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await world.t.database.db.execute(query);
  const rows = (result as unknown as { rows: T[] }).rows ?? (result as unknown as T[]);
  return rows[0] as T;
}

async function ask(who: Who, body: Record<string, unknown>, enterpriseId = ownEnterpriseId) {
  return call('POST', apiUrl(`/enterprises/${enterpriseId}/questions`), who, {
    meeting_id: meetingId,
    ...body,
  });
}

async function listFor(who: Who, query: Record<string, string> = {}) {
  const res = await call(
    'GET',
    apiUrl('/enterprise/questions', { meeting_id: meetingId, enterprise_id: ownEnterpriseId, ...query }),
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: Question[]; total: number };
}

async function counts() {
  const db = world.t.database.db;
  const [[q], [i], [m]] = await Promise.all([
    db.select({ n: count() }).from(questions),
    db.select({ n: count() }).from(inquiries),
    db.select({ n: count() }).from(inquiryMessages),
  ]);
  return { questions: q?.n, inquiries: i?.n, messages: m?.n };
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  const own = await one<{ enterprise_id: string }>(
    sql`SELECT enterprise_id FROM exhibitor_accounts WHERE meeting_id = ${meetingId} AND account = 'demo-exhibitor'`,
  );
  ownEnterpriseId = own.enterprise_id;
  const other = await one<{ enterprise_id: string }>(
    sql`SELECT enterprise_id FROM exhibitors WHERE meeting_id = ${meetingId} AND enterprise_id <> ${ownEnterpriseId} AND deleted = 0 ORDER BY id LIMIT 1`,
  );
  otherEnterpriseId = other.enterprise_id;
  const product = await one<{ id: string }>(
    sql`SELECT id FROM products WHERE enterprise_id = ${ownEnterpriseId} AND deleted = 0 ORDER BY id LIMIT 1`,
  );
  ownProductId = product.id;
  asker = await newPerson(world.t, meetingId, { email: 'asker@visitor.test', phone: '+8613912345678' });
  otherExhibitor = await newExhibitorUser(world.t, { meetingId, enterpriseId: otherEnterpriseId });
  exhibitor = world.logins.exhibitor;
  stranger = world.logins.user;
  organiser = world.logins.organiser;
});
afterAll(() => world.t.close());

describe('questions: visibility matrix (§6)', () => {
  let publicId: string;
  let privateId: string;

  beforeAll(async () => {
    const pub = await ask(asker, { content: 'Do you ship robot arms to Europe?', is_public: 1 });
    expect(pub.statusCode, pub.body).toBe(200);
    publicId = wireIdText((pub.json() as Question)._id);
    const priv = await ask(asker, { content: 'What discount for 50 units?', is_public: '0' });
    expect(priv.statusCode, priv.body).toBe(200);
    privateId = wireIdText((priv.json() as Question)._id);
  });

  const idsOf = (list: { results: Question[] }) => list.results.map((q) => wireIdText(q._id));

  it('the asker sees both, with their own contact', async () => {
    const list = await listFor(asker);
    expect(idsOf(list)).toEqual(expect.arrayContaining([publicId, privateId]));
    const mine = list.results.find((q) => wireIdText(q._id) === privateId);
    expect(mine).toMatchObject({ is_mine: 1, can_answer: 0, is_public: 0, state: 'visible' });
    expect(mine?.user.email).toBe('asker@visitor.test');
    const own = await listFor(asker, { mine: '1' });
    expect(own.total).toBeGreaterThanOrEqual(2);
  });

  it("the bound exhibitor sees both, with the private asker's contact only", async () => {
    const list = await listFor(exhibitor);
    expect(idsOf(list)).toEqual(expect.arrayContaining([publicId, privateId]));
    const priv = list.results.find((q) => wireIdText(q._id) === privateId);
    const pub = list.results.find((q) => wireIdText(q._id) === publicId);
    expect(priv).toMatchObject({ can_answer: 1, is_mine: 0 });
    expect(priv?.user.phone).toBe('+8613912345678');
    expect(pub?.user).toMatchObject({ phone: '', email: '' });
  });

  for (const [who, pick] of [
    ['another enterprise’s exhibitor', () => otherExhibitor],
    ['a stranger', () => stranger],
    ['the organiser (public API)', () => organiser],
    ['a visitor', () => null],
  ] as const) {
    it(`${who} sees the public one only, with no phone or e-mail anywhere`, async () => {
      const res = await call(
        'GET',
        apiUrl('/enterprise/questions', { meeting_id: meetingId, enterprise_id: ownEnterpriseId }),
        pick(),
      );
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as { results: Question[] };
      expect(idsOf(list)).toContain(publicId);
      expect(idsOf(list)).not.toContain(privateId);
      expect(res.body).not.toContain('asker@visitor.test');
      expect(res.body).not.toContain('13912345678');
      const byId = await call(
        'GET',
        apiUrl('/enterprise/questions', { meeting_id: meetingId, _id: privateId }),
        pick(),
      );
      expect((byId.json() as { results: Question[] }).results).toEqual([]);
    });
  }

  it('the organiser sees both in the console; a stranger is refused there', async () => {
    const res = await call('GET', apiUrl(`/console/meetings/${meetingId}/questions`), organiser);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as { items: { _id: unknown }[] }).items.map((r) => wireIdText(r._id));
    expect(ids).toEqual(expect.arrayContaining([publicId, privateId]));
    const refused = await call('GET', apiUrl(`/console/meetings/${meetingId}/questions`), stranger);
    expect(refused.statusCode).toBe(403);
  });

  it('only the bound exhibitor answers: another enterprise’s exhibitor and a stranger get 403, nothing stored', async () => {
    for (const who of [otherExhibitor, stranger, asker]) {
      const res = await call('PUT', apiUrl(`/enterprise/questions/${publicId}/answers`), who, {
        answer: 'Mine now',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'no_permission',
        message: 'the current user has no permission',
      });
    }
    const [row] = await world.t.database.db.select().from(questions).where(eq(questions.id, publicId));
    expect(row?.answer).toBe('');
  });

  it('a 501-character answer and an empty one are refused with the spec messages, nothing stored', async () => {
    const long = await call('PUT', apiUrl(`/enterprise/questions/${publicId}/answers`), exhibitor, {
      answer: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed', details: [{ max: 500 }] });
    const empty = await call('PUT', apiUrl(`/enterprise/questions/${publicId}/answers`), exhibitor, {
      answer: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'form.required',
      details: [{ path: 'body/answer', message: 'This is a required field' }],
    });
    const [row] = await world.t.database.db.select().from(questions).where(eq(questions.id, publicId));
    expect(row?.answer).toBe('');
  });

  it('the exhibitor answers (500 characters fit), everyone sees it, and the asker is told by e-mail', async () => {
    const filler = Array.from({ length: 120 }, (_, i) => `item ${i} ships in ${i % 7} days;`).join(' ');
    const answer = `Yes, we ship to Europe. ${filler}`.slice(0, 500);
    expect(answer).toHaveLength(500);
    const res = await call('PUT', apiUrl(`/enterprise/questions/${publicId}/answers`), exhibitor, { answer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answer, is_answered: 1 });
    const seen = (await listFor(null)).results.find((q) => wireIdText(q._id) === publicId);
    expect(seen).toMatchObject({ answer, is_answered: 1 });
    const mail = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'asker@visitor.test'));
    expect(mail.some((m) => m.body.includes('Yes, we ship to Europe.'))).toBe(true);
    // Editing keeps answered_at and tells nobody again.
    const edited = await call('PUT', apiUrl(`/enterprise/questions/${publicId}/answers`), exhibitor, {
      answer: 'Yes, to all of the EU.',
    });
    expect(edited.json()).toMatchObject({ answer: 'Yes, to all of the EU.' });
    const after = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'asker@visitor.test'));
    expect(after).toHaveLength(mail.length);
    const answered = await listFor(null, { answered: '1' });
    expect(idsOf(answered)).toContain(publicId);
    const unanswered = await listFor(exhibitor, { answered: '0' });
    expect(idsOf(unanswered)).toContain(privateId);
    expect(idsOf(unanswered)).not.toContain(publicId);
  });

  it('toggle (§4): the exhibitor turns a question public and back; the asker may only make theirs private', async () => {
    const toPublic = await call('PUT', apiUrl(`/enterprise/questions/${privateId}`), exhibitor, {
      is_public: 1,
    });
    expect(toPublic.statusCode, toPublic.body).toBe(200);
    expect(idsOf(await listFor(stranger))).toContain(privateId);
    const askerPublic = await call('PUT', apiUrl(`/enterprise/questions/${publicId}`), asker, {
      is_public: 1,
    });
    expect(askerPublic.statusCode).toBe(403);
    const askerPrivate = await call('PUT', apiUrl(`/enterprise/questions/${privateId}`), asker, {
      is_public: '0',
    });
    expect(askerPrivate.statusCode, askerPrivate.body).toBe(200);
    expect(idsOf(await listFor(stranger))).not.toContain(privateId);
    const strangerToggle = await call('PUT', apiUrl(`/enterprise/questions/${privateId}`), stranger, {
      is_public: 1,
    });
    expect(strangerToggle.statusCode).toBe(404);
    const otherToggle = await call('PUT', apiUrl(`/enterprise/questions/${publicId}`), otherExhibitor, {
      is_public: 0,
    });
    expect(otherToggle.statusCode).toBe(403);
  });
});

describe('questions: refusals (§5, §8)', () => {
  it('an empty question is refused with form.required, nothing stored', async () => {
    const before = await counts();
    const res = await ask(asker, { content: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'form.required',
      message: 'Please fill out all required fields in the form.',
      details: [{ path: 'body/content', message: 'This is a required field' }],
    });
    expect(await counts()).toEqual(before);
  });

  it('an advertisement is refused with its category, nothing stored', async () => {
    const before = await counts();
    const res = await ask(asker, { content: 'Buy now! Limited time offer on arms' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'content.sensitive' });
    expect((res.json() as { data: { category: string } }).data.category).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('a visitor cannot ask (401); an enterprise not exhibiting here is 404', async () => {
    expect((await ask(null, { content: 'Hello there' })).statusCode).toBe(401);
    const res = await ask(asker, { content: 'Hello there' }, 'f'.repeat(24));
    expect(res.statusCode).toBe(404);
  });
});

describe('price inquiries: thread visibility and refusals (§3, §5, §6)', () => {
  let inquiryId: string;

  it("'abc' as amount → 400 'Inquiry amount must be a valid number'; empty content → form.required; nothing stored", async () => {
    const before = await counts();
    const bad = await call('POST', apiUrl(`/enterprises/${ownEnterpriseId}/asks`), asker, {
      meeting_id: meetingId,
      content: 'Price for 10 arms?',
      amount: 'abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'inquiry.amount_invalid',
      message: 'Inquiry amount must be a valid number',
    });
    const empty = await call('POST', apiUrl(`/enterprises/${ownEnterpriseId}/asks`), asker, {
      meeting_id: meetingId,
      content: '',
      amount: '100',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'form.required' });
    expect(await counts()).toEqual(before);
  });

  it('sends an inquiry about a product with an amount stored in cents; the exhibitor side is told', async () => {
    await newExhibitorUser(world.t, { meetingId, enterpriseId: ownEnterpriseId, email: 'sales@own.test' });
    const res = await call('POST', apiUrl(`/enterprises/${ownEnterpriseId}/asks`), asker, {
      meeting_id: meetingId,
      product_id: ownProductId,
      content: 'Price for 10 arms?',
      amount: '1,200.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    const thread = res.json() as InquiryThread;
    expect(thread).toMatchObject({ amount: 120050, status: 'open', role: 'asker', messages: [] });
    expect(thread.product).not.toBeNull();
    inquiryId = wireIdText(thread._id);
    const told = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'sales@own.test'));
    expect(told.some((m) => m.body.includes('Price for 10 arms?'))).toBe(true);
  });

  it('the thread is seen by the inquirer and the bound exhibitor only (404 for the others)', async () => {
    const url = apiUrl(`/enterprise/asks/${inquiryId}`);
    const mine = await call('GET', url, asker);
    expect(mine.statusCode).toBe(200);
    const theirs = await call('GET', url, exhibitor);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ role: 'exhibitor', user: { email: 'asker@visitor.test' } });
    for (const who of [otherExhibitor, stranger, organiser]) {
      const res = await call('GET', url, who);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('asker@visitor.test');
    }
    expect((await call('GET', url, null)).statusCode).toBe(401);
    const inbox = await call(
      'GET',
      apiUrl('/enterprise/asks', { meeting_id: meetingId, type: 'enterprise' }),
      exhibitor,
    );
    expect((inbox.json() as { results: Inquiry[] }).results.map((i) => wireIdText(i._id))).toContain(
      inquiryId,
    );
    const otherInbox = await call(
      'GET',
      apiUrl('/enterprise/asks', { meeting_id: meetingId, type: 'enterprise' }),
      otherExhibitor,
    );
    expect((otherInbox.json() as { results: Inquiry[] }).results.map((i) => wireIdText(i._id))).not.toContain(
      inquiryId,
    );
    const notBound = await call(
      'GET',
      apiUrl('/enterprise/asks', { meeting_id: meetingId, type: 'enterprise' }),
      stranger,
    );
    expect(notBound.statusCode).toBe(403);
    const console = await call('GET', apiUrl(`/console/meetings/${meetingId}/inquiries`), organiser);
    expect(console.statusCode).toBe(200);
    expect(console.json()).toMatchObject({ items: [{ amount: 120050 }] });
  });

  it('the exhibitor replies, the inquirer is told and sees it; others cannot write; a closed one takes no more', async () => {
    const before = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'asker@visitor.test'));
    const reply = await call('POST', apiUrl(`/enterprise/asks/${inquiryId}/messages`), exhibitor, {
      content: '¥1,150 each for 10.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ message_total: 1, messages: [{ side: 'exhibitor', is_mine: 1 }] });
    const after = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'asker@visitor.test'));
    expect(after.length).toBe(before.length + 1);
    const seen = await call('GET', apiUrl(`/enterprise/asks/${inquiryId}`), asker);
    expect(seen.json()).toMatchObject({
      messages: [{ content: '¥1,150 each for 10.', side: 'exhibitor', is_mine: 0 }],
    });
    const intruder = await call('POST', apiUrl(`/enterprise/asks/${inquiryId}/messages`), otherExhibitor, {
      content: 'Cheaper here',
    });
    expect(intruder.statusCode).toBe(404);
    const tooLong = await call('POST', apiUrl(`/enterprise/asks/${inquiryId}/messages`), asker, {
      content: 'y'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    const closed = await call('PUT', apiUrl(`/enterprise/asks/${inquiryId}`), asker, { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const late = await call('POST', apiUrl(`/enterprise/asks/${inquiryId}/messages`), exhibitor, {
      content: 'Still there?',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'item.closed' });
  });
});

describe('price inquiries: concurrent messages', () => {
  it('10 messages written at once by both sides count 10 (message_total moves in SQL)', async () => {
    const inquirer = await newPerson(world.t, meetingId);
    const sales = await newExhibitorUser(world.t, { meetingId, enterpriseId: ownEnterpriseId });
    const sent = await call('POST', apiUrl(`/enterprises/${ownEnterpriseId}/asks`), inquirer, {
      meeting_id: meetingId,
      content: 'Bulk order of grippers',
    });
    const id = wireIdText((sent.json() as InquiryThread)._id);
    const writes = Array.from({ length: 10 }, (_, i) =>
      call('POST', apiUrl(`/enterprise/asks/${id}/messages`), i % 2 === 0 ? inquirer : sales, {
        content: `Message number ${i} about grippers`,
      }),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const [row] = await world.t.database.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row?.messageTotal).toBe(10);
    const thread = await call('GET', apiUrl(`/enterprise/asks/${id}`), sales);
    expect((thread.json() as InquiryThread).messages).toHaveLength(10);
  });
});

/** Texts containing HOLDME are held for review by a stand-in provider (§5 unsure); others as usual. */
function holdForReview() {
  const config = world.t.app.deps.config;
  const original = moderationProviderOf(config);
  useModerationProvider(config, {
    name: 'hold-for-review',
    checkText: async (text, options) =>
      text.includes('HOLDME') ? { verdict: 'review' } : original.checkText(text, options),
  });
  return () => useModerationProvider(config, original);
}

async function mailsTo(recipient: string) {
  return world.t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
}

describe('moderation decisions stick (§5): answer edits, held inquiries, counters of visible messages', () => {
  let restore: () => void;
  beforeAll(async () => {
    restore = holdForReview();
    await newExhibitorUser(world.t, { meetingId, enterpriseId: ownEnterpriseId, email: 'held@own.test' });
  });
  afterAll(() => restore());

  async function answeredQuestion(answer: string) {
    const asked = await ask(asker, { content: `Do you ship abroad, case ${Math.random()}?`, is_public: 1 });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = wireIdText((asked.json() as Question)._id);
    const res = await call('PUT', apiUrl(`/enterprise/questions/${id}/answers`), exhibitor, { answer });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }
  const answerRow = async (id: string) =>
    (await world.t.database.db.select().from(questions).where(eq(questions.id, id)))[0];

  it('an answer the organiser blocked cannot be rewritten (409 item.closed, nothing stored); one under review stays under review', async () => {
    const blockedId = await answeredQuestion('We ship to every country.');
    await world.t.database.db
      .update(questions)
      .set({ answerModerationState: 'blocked' })
      .where(eq(questions.id, blockedId));
    const rewrite = await call('PUT', apiUrl(`/enterprise/questions/${blockedId}/answers`), exhibitor, {
      answer: 'We ship to Europe and Asia.',
    });
    expect([rewrite.statusCode, rewrite.json().code]).toEqual([409, 'item.closed']);
    expect(await answerRow(blockedId)).toMatchObject({
      answer: 'We ship to every country.',
      answerModerationState: 'blocked',
    });

    const heldId = await answeredQuestion('Shipping takes two weeks.');
    // Hidden by three reports (or held by the provider): only the organiser lets it through.
    await world.t.database.db
      .update(questions)
      .set({ answerModerationState: 'review' })
      .where(eq(questions.id, heldId));
    const edit = await call('PUT', apiUrl(`/enterprise/questions/${heldId}/answers`), exhibitor, {
      answer: 'Shipping takes ten days.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await answerRow(heldId)).toMatchObject({
      answer: 'Shipping takes ten days.',
      answerModerationState: 'review',
    });
    const seen = await listFor(stranger);
    expect(seen.results.find((q) => wireIdText(q._id) === heldId)?.answer ?? '').not.toContain('ten days');
  });

  it('an inquiry held for review or blocked takes no messages, from either side (409 item.closed); the exhibitor side hears nothing', async () => {
    const before = (await mailsTo('held@own.test')).length;
    const sent = await call('POST', apiUrl(`/enterprises/${ownEnterpriseId}/asks`), asker, {
      meeting_id: meetingId,
      content: 'HOLDME price for 50 arms?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const heldId = wireIdText((sent.json() as InquiryThread)._id);
    const [held] = await world.t.database.db.select().from(inquiries).where(eq(inquiries.id, heldId));
    expect(held?.moderationState).toBe('review');
    const counted = await counts();
    const reply = await call('POST', apiUrl(`/enterprise/asks/${heldId}/messages`), asker, {
      content: 'Any news on the price for 50 arms?',
    });
    expect([reply.statusCode, reply.json().code]).toEqual([409, 'item.closed']);
    expect(await counts()).toEqual(counted);

    const open = await call('POST', apiUrl(`/enterprises/${ownEnterpriseId}/asks`), asker, {
      meeting_id: meetingId,
      content: 'Price for 60 arms please',
    });
    const blockedId = wireIdText((open.json() as InquiryThread)._id);
    await world.t.database.db
      .update(inquiries)
      .set({ moderationState: 'blocked' })
      .where(eq(inquiries.id, blockedId));
    const late = await call('POST', apiUrl(`/enterprise/asks/${blockedId}/messages`), asker, {
      content: 'Following up on 60 arms',
    });
    expect([late.statusCode, late.json().code]).toEqual([409, 'item.closed']);
    const told = await mailsTo('held@own.test');
    // Only the visible inquiry's first notice went out.
    expect(told.length).toBe(before + 1);
    expect(told.some((m) => m.body.includes('50 arms'))).toBe(false);
  });

  it('message_total and last_message_at count visible messages only; a decision moves them by one', async () => {
    const sent = await call('POST', apiUrl(`/enterprises/${ownEnterpriseId}/asks`), asker, {
      meeting_id: meetingId,
      content: 'Price for 70 arms?',
    });
    const id = wireIdText((sent.json() as InquiryThread)._id);
    const inquiryRow = async () =>
      (await world.t.database.db.select().from(inquiries).where(eq(inquiries.id, id)))[0];
    const start = await inquiryRow();
    const reply = await call('POST', apiUrl(`/enterprise/asks/${id}/messages`), exhibitor, {
      content: 'HOLDME 70 arms at a special price',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await inquiryRow()).toMatchObject({ messageTotal: 0, lastMessageAt: start?.lastMessageAt });
    const [message] = await world.t.database.db
      .select()
      .from(inquiryMessages)
      .where(eq(inquiryMessages.inquiryId, id));
    expect(message?.moderationState).toBe('review');
    const decide = (state: 'visible' | 'blocked' | 'deleted') =>
      setInquiryMessageState(world.t.database.db, { meetingId, targetId: message?.id ?? '', state });
    await decide('visible');
    expect(await inquiryRow()).toMatchObject({ messageTotal: 1, lastMessageAt: message?.createdAt });
    await decide('visible');
    expect((await inquiryRow())?.messageTotal).toBe(1);
    await decide('blocked');
    expect(await inquiryRow()).toMatchObject({ messageTotal: 0, lastMessageAt: start?.createdAt });
  });
});
