import type { ConsoleVoteDetail, VoteAnswer, VoteDetail, VoteMine } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld, wireIdText } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { seedDemoVotes } from '../../seeds/demo-votes.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { dayIn, voteClock } from './votes.service.ts';
import { voteAnswers, voteBallots, votePlayers } from './votes.tables.ts';

/**
 * Votes through the API (§3 Vote, Vote player; §4 open or over; §5 count and limits; §7 Votes; §8
 * 12000, 12001, 12003; §9): parallel casts of one voter never pass a limit, the per-day limit turns
 * at the meeting zone's midnight whatever the device's zone, the refusals answer the spec's codes
 * and messages with nothing stored, withdrawing, and the console's votes.edit.
 */

let world: DemoWorld;
let meetingId: string;
const realNow = voteClock.now;
const hour = 3_600_000;

type Who = { token: string } | null;
function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Who,
  json?: unknown,
  headers = {},
) {
  return world.t.call(method, url, {
    headers: { ...(who ? bearer(who as never) : {}), ...headers },
    ...(json === undefined ? {} : { json }),
  });
}

/** Creates a vote with two candidates through the console; times in epoch ms. */
async function makeVote(fields: Record<string, unknown> = {}) {
  const now = Date.now();
  const res = await call('POST', apiUrl(`/console/meetings/${meetingId}/votes`), world.logins.organiser, {
    title: { en: 'Best booth', zh: '最佳展位' },
    description: { en: 'Vote for your favourite' },
    start_at: Math.floor((now - 30 * 24 * hour) / 1000),
    end_at: Math.floor((now + 30 * 24 * hour) / 1000),
    per_person_limit: 10,
    per_day_limit: 0,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  const voteId = wireIdText((res.json() as ConsoleVoteDetail)._id);
  const players: string[] = [];
  for (const name of ['Alpha', 'Beta']) {
    const added = await call(
      'POST',
      apiUrl(`/console/meetings/${meetingId}/votes/${voteId}/players`),
      world.logins.organiser,
      { name: { en: name }, img: '/uploads/demo/candidate.png' },
    );
    expect(added.statusCode, added.body).toBe(200);
    const detail = added.json() as ConsoleVoteDetail;
    players.push(wireIdText(detail.players.find((p) => (p.name as Record<string, string>).en === name)?._id));
  }
  return { voteId, players: players as [string, string] };
}

function cast(who: Who, voteId: string, playerId: string, count: unknown, headers = {}) {
  return call(
    'POST',
    apiUrl('/vote/answer/add'),
    who,
    { vote_id: voteId, player_id: playerId, count },
    headers,
  );
}

async function stored(voteId: string) {
  const db = world.t.database.db;
  const answers = await db
    .select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${voteAnswers.count}), 0)::int` })
    .from(voteAnswers)
    .where(eq(voteAnswers.voteId, voteId));
  const players = await db
    .select({ sum: sql<number>`coalesce(sum(${votePlayers.voteTotal}), 0)::int` })
    .from(votePlayers)
    .where(eq(votePlayers.voteId, voteId));
  const ballots = await db
    .select({ sum: sql<number>`coalesce(sum(${voteBallots.total}), 0)::int` })
    .from(voteBallots)
    .where(eq(voteBallots.voteId, voteId));
  return {
    answers: answers[0]?.n ?? 0,
    answered: answers[0]?.sum ?? 0,
    counted: players[0]?.sum ?? 0,
    balloted: ballots[0]?.sum ?? 0,
  };
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  await world.t.database.db
    .update(meetings)
    .set({ timeZone: 'Asia/Shanghai' })
    .where(eq(meetings.id, meetingId));
});
afterEach(() => {
  voteClock.now = realNow;
  delete process.env.TZ;
});
afterAll(() => world.t.close());

describe('demo vote (seeds/demo-votes.ts)', () => {
  // First: the seed adds its vote only to a meeting without votes.
  it('seeds one open vote with candidates once', async () => {
    const id = await seedDemoVotes(world.t.database.db);
    expect(id).not.toBeNull();
    expect(await seedDemoVotes(world.t.database.db)).toBeNull();
    const res = await call('GET', apiUrl('/vote/get', { vote_id: id }), null);
    expect(res.statusCode, res.body).toBe(200);
    const vote = res.json() as VoteDetail;
    expect(vote).toMatchObject({ status: 'open', per_person_limit: 10, per_day_limit: 3 });
    expect(vote.players.length).toBeGreaterThan(1);
  });
});

describe('casting within the limits (§5, §9)', () => {
  it('200 parallel casts by one voter never exceed the per-person or per-day limit', async () => {
    const { voteId, players } = await makeVote({ per_person_limit: 60, per_day_limit: 37 });
    const voter = await newPerson(world.t, meetingId);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => cast(voter, voteId, players[i % 2] as string, 1 + (i % 3))),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 409)).toBe(true);
    expect(refused.every((r) => [12000, 12001].includes((r.json() as { code: number }).code))).toBe(true);
    const counts = await stored(voteId);
    expect(counts.answered).toBeLessThanOrEqual(37);
    expect(counts.answers).toBe(ok.length);
    // vote_total of the candidates equals the sum of the answers, and the ballot's total
    expect(counts.counted).toBe(counts.answered);
    expect(counts.balloted).toBe(counts.answered);
    // the daily limit filled up exactly: nothing left that a 1-vote cast could still take
    expect(counts.answered).toBeGreaterThanOrEqual(35);
    const detail = (await call('GET', apiUrl('/vote/get', { vote_id: voteId }), voter)).json() as VoteDetail;
    expect(detail.mine).toMatchObject({ used: counts.answered, today_used: counts.answered });
    expect(detail.vote_total).toBe(counts.answered);
  });

  it('the per-person limit holds under 200 parallel casts too (no daily limit)', async () => {
    const { voteId, players } = await makeVote({ per_person_limit: 25, per_day_limit: 0 });
    const voter = await newPerson(world.t, meetingId);
    const results = await Promise.all(Array.from({ length: 200 }, () => cast(voter, voteId, players[0], 1)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(25);
    const last = results.find((r) => r.statusCode !== 200);
    expect(last?.json()).toMatchObject({ code: 12000, message: 'Your votes have been used up' });
    const counts = await stored(voteId);
    expect(counts).toMatchObject({ answers: 25, answered: 25, counted: 25, balloted: 25 });
  });
});

describe('the day is the meeting zone’s (§5)', () => {
  // Asia/Shanghai is UTC+8; the device zone Etc/GMT+4 is UTC−4, twelve hours away.
  const shanghai = (iso: string) => new Date(`${iso}+08:00`);

  it('a new day starts at midnight in the meeting’s zone', async () => {
    const { voteId, players } = await makeVote({ per_person_limit: 10, per_day_limit: 2 });
    const voter = await newPerson(world.t, meetingId);
    voteClock.now = () => shanghai('2026-11-20T23:59:00');
    expect((await cast(voter, voteId, players[0], 2)).statusCode).toBe(200);
    const refused = await cast(voter, voteId, players[1], 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 12001, message: 'You have used up your votes today' });
    voteClock.now = () => shanghai('2026-11-21T00:00:30');
    const next = await cast(voter, voteId, players[1], 2);
    expect(next.statusCode, next.body).toBe(200);
    expect((next.json() as { mine: VoteMine }).mine).toMatchObject({
      used: 4,
      today_used: 2,
      today_remaining: 0,
      day: '2026-11-21',
    });
  });

  it('a device twelve hours away changes nothing: its midnight is not a new day, the meeting’s is', async () => {
    process.env.TZ = 'Etc/GMT+4';
    const { voteId, players } = await makeVote({ per_person_limit: 10, per_day_limit: 2 });
    const voter = await newPerson(world.t, meetingId);
    const device = { 'x-time-zone': 'America/Santiago' };
    // 11:59 → 12:00:30 in Shanghai is one meeting day; on the device (UTC−4) it crosses midnight.
    voteClock.now = () => shanghai('2026-11-20T11:59:00');
    expect((await cast(voter, voteId, players[0], 2, device)).statusCode).toBe(200);
    voteClock.now = () => shanghai('2026-11-20T12:00:30');
    const sameDay = await cast(voter, voteId, players[0], 1, device);
    expect(sameDay.statusCode).toBe(409);
    expect(sameDay.json()).toMatchObject({ code: 12001 });
    // 23:59 → 00:00:30 in Shanghai is a new meeting day; on the device it stays 11:59 → 12:00 one day.
    voteClock.now = () => shanghai('2026-11-21T00:00:30');
    expect((await cast(voter, voteId, players[0], 2, device)).statusCode).toBe(200);
    expect(dayIn('Asia/Shanghai', shanghai('2026-11-21T00:00:30'))).toBe('2026-11-21');
    expect(await stored(voteId)).toMatchObject({ answered: 4, counted: 4, balloted: 4 });
  });
});

describe('a cast that waits for the ballot lock (§4, §5)', () => {
  // The clock reads the request's time first; the next reading is when the ballot lock is held.
  function steppingClock(request: Date, locked: Date) {
    let reads = 0;
    voteClock.now = () => (reads++ === 0 ? request : locked);
  }

  it('requested before the deadline, locked after it: 12003 and nothing stored', async () => {
    const endAt = Math.floor(Date.now() / 1000) + 3600;
    const { voteId, players } = await makeVote({ end_at: endAt, per_person_limit: 5 });
    const voter = await newPerson(world.t, meetingId);
    steppingClock(new Date(endAt * 1000 - 500), new Date(endAt * 1000 + 500));
    const late = await cast(voter, voteId, players[0], 1);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 12003, message: 'Voting has ended' });
    expect(await stored(voteId)).toMatchObject({ answers: 0, counted: 0, balloted: 0 });
    const ballots = await world.t.database.db
      .select()
      .from(voteBallots)
      .where(eq(voteBallots.voteId, voteId));
    expect(ballots).toHaveLength(0);
  });

  it('requested before the meeting’s midnight, locked after it: counts for the new day', async () => {
    const shanghai = (iso: string) => new Date(`${iso}+08:00`);
    const { voteId, players } = await makeVote({ per_person_limit: 10, per_day_limit: 2 });
    const voter = await newPerson(world.t, meetingId);
    voteClock.now = () => shanghai('2026-11-20T23:59:00');
    expect((await cast(voter, voteId, players[0], 2)).statusCode).toBe(200);
    steppingClock(shanghai('2026-11-20T23:59:59.500'), shanghai('2026-11-21T00:00:00.500'));
    const next = await cast(voter, voteId, players[1], 2);
    expect(next.statusCode, next.body).toBe(200);
    const body = next.json() as { answer: VoteAnswer; mine: VoteMine };
    expect(body.answer.day).toBe('2026-11-21');
    expect(body.mine).toMatchObject({ used: 4, today_used: 2, day: '2026-11-21' });
  });
});

describe('no input overflows a total (§5, §9 limits)', () => {
  it('refuses limits above 10000 and a cast above 1000 with nothing stored; totals read as numbers', async () => {
    const base = `/console/meetings/${meetingId}/votes`;
    const now = Math.floor(Date.now() / 1000);
    const fields = { title: { en: 'Huge' }, start_at: now - 3600, end_at: now + 3600 };
    for (const limits of [
      { per_person_limit: 10_001, per_day_limit: 0 },
      { per_person_limit: 1_000_000, per_day_limit: 0 },
      { per_person_limit: 10, per_day_limit: 10_001 },
    ]) {
      const res = await call('POST', apiUrl(base), world.logins.organiser, { ...fields, ...limits });
      expect(res.statusCode, JSON.stringify(limits)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const { voteId, players } = await makeVote({ per_person_limit: 10_000, per_day_limit: 10_000 });
    const voter = await newPerson(world.t, meetingId);
    const tooBig = await cast(voter, voteId, players[0], 1001);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'validation_failed' });
    expect(await stored(voteId)).toMatchObject({ answers: 0, counted: 0, balloted: 0 });
    expect((await cast(voter, voteId, players[0], 1000)).statusCode).toBe(200);
    const list = await call('GET', apiUrl(`/votes?meeting_id=${meetingId}`), voter);
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json() as { results: { _id: unknown; vote_total: unknown }[] }).results.find(
      (vote) => wireIdText(vote._id) === voteId,
    );
    expect(mine?.vote_total).toBe(1000);
    const consoleList = await call('GET', apiUrl(base), world.logins.organiser);
    expect(consoleList.statusCode, consoleList.body).toBe(200);
    expect(JSON.stringify(consoleList.json())).toMatch(/"vote_total":1000,"voter_total":1,/);
  });
});

describe('refusals store nothing (§5, §8)', () => {
  it('count 0, not an integer, above the remainder, before the start and after the deadline', async () => {
    const { voteId, players } = await makeVote({ per_person_limit: 3, per_day_limit: 0 });
    const voter = await newPerson(world.t, meetingId);
    for (const bad of [0, -1, 1.5, 'abc', '']) {
      const res = await cast(voter, voteId, players[0], bad);
      expect(res.statusCode, `count ${JSON.stringify(bad)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const tooMany = await cast(voter, voteId, players[0], 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 12000, message: 'Your votes have been used up' });
    expect(await stored(voteId)).toMatchObject({ answers: 0, counted: 0, balloted: 0 });

    voteClock.now = () => new Date(Date.now() + 31 * 24 * hour);
    const late = await cast(voter, voteId, players[0], 1);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 12003, message: 'Voting has ended' });
    voteClock.now = () => new Date(Date.now() - 31 * 24 * hour);
    const early = await cast(voter, voteId, players[0], 1);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'vote.not_started' });
    expect(await stored(voteId)).toMatchObject({ answers: 0, counted: 0, balloted: 0 });
    const ballots = await world.t.database.db
      .select()
      .from(voteBallots)
      .where(eq(voteBallots.voteId, voteId));
    expect(ballots).toHaveLength(0);
  });

  it('a visitor must log in; a candidate of another vote is 404; an unknown vote is 404', async () => {
    const one = await makeVote();
    const two = await makeVote();
    const voter = await newPerson(world.t, meetingId);
    expect((await cast(null, one.voteId, one.players[0], 1)).statusCode).toBe(401);
    expect((await cast(voter, one.voteId, two.players[0], 1)).statusCode).toBe(404);
    expect((await cast(voter, '0123456789abcdef01234567', one.players[0], 1)).statusCode).toBe(404);
    expect(await stored(one.voteId)).toMatchObject({ answers: 0 });
  });
});

describe('withdrawing (§7 DELETE /vote/answer/delete)', () => {
  it('is refused where the vote does not allow it', async () => {
    const { voteId, players } = await makeVote({ allow_withdraw: 0 });
    const voter = await newPerson(world.t, meetingId);
    const answer = (await cast(voter, voteId, players[0], 2)).json() as { answer: VoteAnswer };
    expect(answer.answer.can_withdraw).toBe(0);
    const res = await call(
      'DELETE',
      apiUrl('/vote/answer/delete', { answer_id: wireIdText(answer.answer._id) }),
      voter,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'vote.withdraw_not_allowed' });
    expect(await stored(voteId)).toMatchObject({ answered: 2, counted: 2 });
  });

  it('gives the counts back before the deadline, only to its owner, never after the deadline', async () => {
    const { voteId, players } = await makeVote({ allow_withdraw: 1, per_person_limit: 3, per_day_limit: 3 });
    const voter: Person = await newPerson(world.t, meetingId);
    const other = await newPerson(world.t, meetingId);
    const first = (await cast(voter, voteId, players[0], 3)).json() as { answer: VoteAnswer; mine: VoteMine };
    expect(first.mine).toMatchObject({ remaining: 0, today_remaining: 0 });
    const id = wireIdText(first.answer._id);
    expect((await call('DELETE', apiUrl('/vote/answer/delete', { answer_id: id }), other)).statusCode).toBe(
      404,
    );
    const back = await call('DELETE', apiUrl('/vote/answer/delete', { answer_id: id }), voter);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as { mine: VoteMine }).mine).toMatchObject({
      used: 0,
      remaining: 3,
      today_remaining: 3,
    });
    expect(await stored(voteId)).toMatchObject({ answers: 0, counted: 0, balloted: 0 });
    const again = (await cast(voter, voteId, players[1], 1)).json() as { answer: VoteAnswer };
    voteClock.now = () => new Date(Date.now() + 31 * 24 * hour);
    const late = await call(
      'DELETE',
      apiUrl('/vote/answer/delete', { answer_id: wireIdText(again.answer._id) }),
      voter,
    );
    expect(late.json()).toMatchObject({ code: 12003 });
    const list = await call('GET', apiUrl('/vote/answer/list', { vote_id: voteId }), voter);
    expect((list.json() as { results: VoteAnswer[] }).results).toHaveLength(1);
  });
});

describe('reading votes and results', () => {
  it('hides counts and ranks when show_results is 0; ranks ties alike otherwise', async () => {
    const hidden = await makeVote({ show_results: 0 });
    const voter = await newPerson(world.t, meetingId);
    await cast(voter, hidden.voteId, hidden.players[0], 2);
    const h = (await call('GET', apiUrl('/vote/get', { vote_id: hidden.voteId }), null)).json() as VoteDetail;
    expect(h.vote_total).toBeNull();
    expect(h.players.every((p) => p.vote_total === null && p.rank === null)).toBe(true);
    expect(h.mine).toBeNull();
    const shown = await makeVote();
    await cast(voter, shown.voteId, shown.players[1], 3);
    const s = (await call('GET', apiUrl('/vote/get', { vote_id: shown.voteId }), voter)).json() as VoteDetail;
    expect(s.players.map((p) => [p.vote_total, p.rank])).toEqual([
      [3, 1],
      [0, 2],
    ]);
    const player = await call('GET', apiUrl('/vote/player/get', { player_id: shown.players[1] }), null);
    expect(player.json()).toMatchObject({ vote_total: 3, rank: 1 });
    const list = await call('GET', apiUrl('/votes', { meeting_id: meetingId }), null);
    expect(list.statusCode).toBe(200);
  });

  it('console: votes.edit only; a deadline before the start is refused; results export as CSV', async () => {
    const base = `/console/meetings/${meetingId}/votes`;
    const participant = await call('GET', apiUrl(base), world.logins.participant);
    expect(participant.statusCode).toBe(403);
    const bad = await call('POST', apiUrl(base), world.logins.organiser, {
      title: 'x',
      start_at: 2_000_000_000,
      end_at: 1_999_999_999,
      per_person_limit: 1,
      per_day_limit: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'vote.window_invalid' });
    const { voteId, players } = await makeVote();
    const voter = await newPerson(world.t, meetingId);
    await cast(voter, voteId, players[0], 3);
    await cast(voter, voteId, players[1], 1);
    const csv = await call('GET', apiUrl(`${base}/${voteId}/export`), world.logins.organiser);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFrank,candidate,votes,share_percent',
      '1,Alpha,3,75.00',
      '2,Beta,1,25.00',
    ]);
    const gone = await call('DELETE', apiUrl(`${base}/${voteId}`), world.logins.organiser);
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', apiUrl('/vote/get', { vote_id: voteId }), voter)).statusCode).toBe(404);
  });
});
