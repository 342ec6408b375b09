import type {
  ConsoleActivity,
  ConsoleActivityPrice,
  ConsoleActivitySource,
  ConsoleForm,
  FormQuestion,
  LoginResult,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertActivity, insertStaff } from '../activities/activities.fixtures.ts';
import { activityPrices } from '../activities/activities.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { loginWithPhone } from '../tickets/tickets.fixtures.ts';

/**
 * The console's activity editor (DESIGN §7; §3 Activity, §5 forms, §6 private events): every §3
 * field round-trips, stale edits get 409, stock below sold gets 400 and changes nothing, the form
 * builder's questions are what the public form answers, sources carry share links, each write leaves
 * an audit row, and a role without activity.edit gets 403.
 */

const meetingId = ids.meeting;
const publicUrl = 'https://expo.example.org';
const base = `/api/console/meetings/${meetingId}/activities`;
let t: TestApp;
let organiser: LoginResult;
let checkin: LoginResult;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
  await seedFixture(t.database.db);
  await insertStaff(t.database.db, { meetingId, phone: '+8613900139101', role: 'organiser' });
  await insertStaff(t.database.db, { meetingId, phone: '+8613900139102', role: 'checkin' });
  organiser = await loginWithPhone(t, meetingId, '+8613900139101');
  checkin = await loginWithPhone(t, meetingId, '+8613900139102');
});
afterAll(() => t.close());

const as = (who: LoginResult) => bearer(who);
const auditCount = async (entity: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity))).length;

const fullBody = {
  title: { en: 'Founders dinner', zh: '创始人晚宴' },
  description: 'Seated dinner',
  address: 'Hall 3',
  covers: ['https://cdn.example.org/a.png', 'https://cdn.example.org/b.png'],
  start: 1_900_000_000,
  end: 1_900_007_200,
  registration_start: 1_890_000_000,
  deadline: 1_899_000_000,
  max: 120,
  offline: 0,
  enable_show: 0,
  enable_registration_entrance: 0,
  is_review: 1,
  enable_resubmit_answer: 1,
  enable_deadline_answer: 1,
  privacy: 1,
  enable_agent: 1,
  agent_checkout_version: 'v2',
  agent_max_members: 8,
  weight: 5,
} as const;

describe('console activities', () => {
  let activity: ConsoleActivity;

  it('creates an activity with every §3 field, and each one reads back as sent (one audit row)', async () => {
    const audits = await auditCount('activity');
    const res = await t.call('POST', base, { json: fullBody, headers: as(organiser) });
    expect(res.statusCode, res.body).toBe(200);
    activity = res.json();
    for (const [key, value] of Object.entries(fullBody))
      expect(activity[key as keyof ConsoleActivity]).toEqual(value);
    expect(activity.ticket_total).toBe(0);
    expect(activity.prices).toHaveLength(1);
    expect(activity.updated_at_ms).toBeGreaterThan(0);
    expect(activity.meeting.time_zone).toBeTruthy();
    expect(await auditCount('activity')).toBe(audits + 1);

    const read = await t.call('GET', `${base}/${activity._id.$id}`, { headers: as(organiser) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(activity);
    const list = await t.call('GET', base, { headers: as(organiser) });
    expect((list.json() as { results: ConsoleActivity[] }).results.map((a) => a._id.$id)).toContain(
      activity._id.$id,
    );
  });

  it('edits every field from a form-encoded body; a second save with the old updated_at gets 409', async () => {
    const edited = {
      ...fullBody,
      title: 'Renamed',
      covers: ['https://cdn.example.org/c.png'],
      offline: 1,
      enable_show: 1,
      privacy: 0,
      max: 0,
      deadline: 0,
      agent_checkout_version: 'v1',
      agent_max_members: 3,
    };
    const first = await t.call('PUT', `${base}/${activity._id.$id}`, {
      form: { ...edited, updated_at_ms: activity.updated_at_ms },
      headers: as(organiser),
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json() as ConsoleActivity;
    for (const [key, value] of Object.entries(edited))
      expect(saved[key as keyof ConsoleActivity]).toEqual(value);
    expect(saved.updated_at_ms).toBeGreaterThan(activity.updated_at_ms);

    const second = await t.call('PUT', `${base}/${activity._id.$id}`, {
      json: { ...fullBody, title: 'Other organiser', updated_at_ms: activity.updated_at_ms },
      headers: as(organiser),
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'conflict.stale',
      message: 'changed by someone else, reload',
    });
    const after = (await t.call('GET', `${base}/${activity._id.$id}`, { headers: as(organiser) })).json();
    expect(after.title).toBe('Renamed');
    activity = after;
  });

  it('refuses an end before the start (400) and a role without activity.edit (403 no_permission)', async () => {
    const bad = await t.call('POST', base, { json: { ...fullBody, end: 1 }, headers: as(organiser) });
    expect(bad.statusCode, bad.body).toBe(400);
    const refused = await t.call('POST', base, { json: fullBody, headers: as(checkin) });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'no_permission' });
    const read = await t.call('GET', `${base}/${activity._id.$id}`, { headers: as(checkin) });
    expect(read.statusCode).toBe(403);
  });
});

describe('ticket types', () => {
  let activityId: string;
  let priceId: string;

  beforeAll(async () => {
    const inserted = await insertActivity(t.database.db, {
      meetingId,
      prices: [{ title: 'Standard', amount: 1200, total: 10, soldTotal: 6 }],
    });
    activityId = inserted.activityId;
    priceId = inserted.priceIds[0] as string;
  });

  const readPrice = async () =>
    (await t.database.db.select().from(activityPrices).where(eq(activityPrices.id, priceId)))[0];

  it('refuses stock below what is sold (400 price.total_below_sold) and changes nothing', async () => {
    const activity = (await t.call('GET', `${base}/${activityId}`, { headers: as(organiser) })).json();
    const price = activity.prices[0] as ConsoleActivityPrice;
    const before = await readPrice();
    const res = await t.call('PUT', `${base}/${activityId}/prices/${priceId}`, {
      json: { title: 'Cheaper', amount: 900, total: 5, updated_at_ms: price.updated_at_ms },
      headers: as(organiser),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'price.total_below_sold' });
    expect(await readPrice()).toEqual(before);
  });

  it('edits price and stock (sold_total untouched, version grows); a stale save gets 409', async () => {
    const activity = (await t.call('GET', `${base}/${activityId}`, { headers: as(organiser) })).json();
    const price = activity.prices[0] as ConsoleActivityPrice;
    const res = await t.call('PUT', `${base}/${activityId}/prices/${priceId}`, {
      json: { title: 'Cheaper', amount: 900, total: 6, sold_total: 0, updated_at_ms: price.updated_at_ms },
      headers: as(organiser),
    });
    // sold_total is not part of the body: strict bodies refuse it.
    expect(res.statusCode).toBe(400);
    const ok = await t.call('PUT', `${base}/${activityId}/prices/${priceId}`, {
      json: { title: 'Cheaper', amount: 900, total: 6, updated_at_ms: price.updated_at_ms },
      headers: as(organiser),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ amount: 900, total: 6, sold_total: 6, version: price.version + 1 });
    const stale = await t.call('PUT', `${base}/${activityId}/prices/${priceId}`, {
      json: { title: 'Again', amount: 100, updated_at_ms: price.updated_at_ms },
      headers: as(organiser),
    });
    expect(stale.statusCode, stale.body).toBe(409);
  });

  it('adds a ticket type and deletes a sold one softly (deleted=1)', async () => {
    const added = await t.call('POST', `${base}/${activityId}/prices`, {
      json: { title: 'VIP', amount: 50_000 },
      headers: as(organiser),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ amount: 50_000, total: null, sold_total: 0 });
    const removed = await t.call('DELETE', `${base}/${activityId}/prices/${priceId}`, {
      headers: as(organiser),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await readPrice())?.deleted).toBe(1);
  });
});

describe('sources', () => {
  it('adds channels with a share link on PUBLIC_URL naming source_id; one default at a time', async () => {
    const { activityId } = await insertActivity(t.database.db, { meetingId });
    const audits = await auditCount('activity_source');
    const first = await t.call('POST', `${base}/${activityId}/sources`, {
      json: { title: 'Partner A', max: 50, default: 1 },
      headers: as(organiser),
    });
    expect(first.statusCode, first.body).toBe(200);
    const source = first.json() as ConsoleActivitySource;
    const url = new URL(source.share_url);
    expect(url.origin).toBe(publicUrl);
    const query = new URLSearchParams(url.hash.split('?')[1]);
    expect(query.get('source_id')).toBe(source._id.$id);
    expect(query.get('activity_id')).toBe(activityId);
    const second = await t.call('POST', `${base}/${activityId}/sources`, {
      form: { title: 'Mail', max: '0', default: '1' },
      headers: as(organiser),
    });
    expect(second.statusCode, second.body).toBe(200);
    const list = (await t.call('GET', `${base}/${activityId}/sources`, { headers: as(organiser) })).json();
    expect(list.results.map((s: ConsoleActivitySource) => [s.title, s.default])).toEqual([
      ['Mail', 1],
      ['Partner A', 0],
    ]);
    const removed = await t.call('DELETE', `${base}/${activityId}/sources/${source._id.$id}`, {
      headers: as(organiser),
    });
    expect(removed.statusCode).toBe(200);
    expect(await auditCount('activity_source')).toBe(audits + 3);
  });
});

describe('form builder', () => {
  it('saves questions of every type; the public form answers the same questions', async () => {
    const { activityId, priceIds } = await insertActivity(t.database.db, { meetingId });
    const linked = await insertActivity(t.database.db, { meetingId });
    const empty = (await t.call('GET', `${base}/${activityId}/form`, { headers: as(organiser) })).json();
    expect(empty).toEqual({ form_id: null, title: '', updated_at_ms: 0, questions: [] });
    const questions = [
      { key: 'n', type: 'text', title: 'Name', is_required: 1, field: 'name' },
      { key: 'bio', type: 'textarea', title: 'Bio' },
      {
        key: 'diet',
        type: 'radio',
        title: 'Diet',
        options: [
          { id: 'v', title: 'Vegan' },
          { id: 'm', title: 'Meat' },
        ],
      },
      {
        key: 'why',
        type: 'text',
        title: 'Why vegan?',
        condition: { question_id: 'diet', option_ids: ['v'] },
      },
      { key: 'topics', type: 'checkbox', title: 'Topics', options: [{ id: 'a', title: 'AI' }] },
      { key: 'ph', type: 'phone', title: 'Phone', field: 'phone' },
      { key: 'em', type: 'email', title: 'E-mail', field: 'email' },
      { key: 'id', type: 'id_number', title: 'ID', field: 'id_number' },
      { key: 'd', type: 'date', title: 'Arrival' },
      { key: 'f', type: 'file', title: 'Photo' },
      { key: 'p', type: 'price', title: 'Ticket', is_required: 1 },
      { key: 'vip', type: 'text', title: 'VIP note', condition: { price_ids: priceIds } },
      {
        key: 'also',
        type: 'activity',
        title: 'Also attend',
        options: [{ id: 'x', title: 'Workshop', activity_id: linked.activityId }],
      },
      { key: 'g', scope: 'group', type: 'text', title: 'Group name' },
    ];
    const saved = await t.call('PUT', `${base}/${activityId}/form`, {
      json: { questions, updated_at_ms: 0 },
      headers: as(organiser),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const form = saved.json() as ConsoleForm;
    expect(form.questions).toHaveLength(questions.length);
    const formId = form.form_id?.$id as string;
    const dietId = form.questions.find((q) => q.type === 'radio')?._id.$id;
    expect(form.questions.find((q) => q.title === 'Why vegan?')?.condition).toEqual({
      question_id: dietId,
      option_ids: ['v'],
    });

    const publicForm = await t.call('GET', `/api/forms/${formId}/questions`, { headers: as(organiser) });
    expect(publicForm.statusCode, publicForm.body).toBe(200);
    const publicQuestions = (publicForm.json() as { results: FormQuestion[] }).results;
    const strip = ({ options, ...rest }: FormQuestion) => ({
      ...rest,
      options: options.map(({ is_disabled: _d, ...option }) => option),
    });
    expect(publicQuestions.map(strip)).toEqual(form.questions.filter((q) => q.scope === 'member').map(strip));
    const group = await t.call('GET', `/api/forms/${formId}/questions?group=1`, { headers: as(organiser) });
    expect((group.json() as { results: FormQuestion[] }).results.map((q) => q.title)).toEqual(['Group name']);

    // Reorder and remove: existing ids are kept; a stale save gets 409.
    const kept = form.questions.slice(0, 3).reverse();
    const again = await t.call('PUT', `${base}/${activityId}/form`, {
      json: {
        updated_at_ms: form.updated_at_ms,
        questions: kept.map((q) => ({ key: q._id.$id, type: q.type, title: q.title, options: q.options })),
      },
      headers: as(organiser),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as ConsoleForm).questions.map((q) => q._id.$id)).toEqual(kept.map((q) => q._id.$id));
    const stale = await t.call('PUT', `${base}/${activityId}/form`, {
      json: { updated_at_ms: form.updated_at_ms, questions: [] },
      headers: as(organiser),
    });
    expect(stale.statusCode, stale.body).toBe(409);
  });

  it('refuses a condition on an unknown option and a linked activity of another meeting', async () => {
    const { activityId } = await insertActivity(t.database.db, { meetingId });
    const badCondition = await t.call('PUT', `${base}/${activityId}/form`, {
      json: {
        updated_at_ms: 0,
        questions: [
          { key: 'a', type: 'radio', title: 'A', options: [{ id: 'o', title: 'O' }] },
          { key: 'b', type: 'text', title: 'B', condition: { question_id: 'a', option_ids: ['zz'] } },
        ],
      },
      headers: as(organiser),
    });
    expect(badCondition.statusCode, badCondition.body).toBe(400);
    const badLink = await t.call('PUT', `${base}/${activityId}/form`, {
      json: {
        updated_at_ms: 0,
        questions: [
          {
            key: 'a',
            type: 'activity',
            title: 'A',
            options: [{ id: 'o', title: 'O', activity_id: 'f'.repeat(24) }],
          },
        ],
      },
      headers: as(organiser),
    });
    expect(badLink.statusCode, badLink.body).toBe(400);
  });
});

describe('invitations', () => {
  it('keeps the invite list and mints links through the existing services, each write audited', async () => {
    const { activityId } = await insertActivity(t.database.db, { meetingId, privacy: 1 });
    const audits = await auditCount('activity_invite');
    const added = await t.call('POST', `${base}/${activityId}/invites`, {
      json: { email: 'Guest@Example.org' },
      headers: as(organiser),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ email: 'guest@example.org' });
    const list = (await t.call('GET', `${base}/${activityId}/invites`, { headers: as(organiser) })).json();
    expect(list.results).toHaveLength(1);
    const removed = await t.call('DELETE', `${base}/${activityId}/invites/${added.json()._id.$id}`, {
      headers: as(organiser),
    });
    expect(removed.statusCode).toBe(200);
    expect(await auditCount('activity_invite')).toBe(audits + 2);
    const link = await t.call('POST', `${base}/${activityId}/invitation_links`, {
      json: { expires_in: 3600 },
      headers: as(organiser),
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().url.startsWith(publicUrl)).toBe(true);
    const refused = await t.call('POST', `${base}/${activityId}/invites`, {
      json: { email: 'x@example.org' },
      headers: as(checkin),
    });
    expect(refused.statusCode).toBe(403);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invitation_link'), eq(auditLog.entityId, activityId)));
    expect(rows).toHaveLength(1);
  });
});
