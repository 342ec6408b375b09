/**
 * `npm run bench:votes`: POST /vote/answer/add (§7 Votes, §5 limits) with 200 requests in flight
 * through the whole app (Apikey, session, contract, service, the ballot row lock) on PGlite.
 * Two runs: (1) one voter firing BENCH_VOTES (default 2,000) casts of 1 vote, 200 at a time, against
 * a per-person limit of 1,500 and a per-day limit of 1,200 — the refusals (12001 / 12000) must leave
 * exactly the daily limit stored; (2) 200 voters casting together, BENCH_VOTES casts in all. Prints
 * votes/s (accepted casts per second and calls per second) and the over-limit count, which must be 0.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { newId } from '../src/db/ids.ts';
import { signIn } from '../src/modules/users/users.service.ts';
import { users } from '../src/modules/users/users.tables.ts';
import { voteAnswers, voteBallots, votePlayers, votes } from '../src/modules/votes/votes.tables.ts';
import { ids, seedFixture } from '../test/fixture.ts';
import { bearer } from '../test/login.ts';
import { apiUrl, createTestApp } from '../test/test-app.ts';

const total = Number(process.env.BENCH_VOTES ?? 2_000);
const inFlight = 200;

async function main() {
  const t = await createTestApp();
  const db = t.database.db;
  await seedFixture(db);
  const config = t.app.deps.config;

  async function makeVote(perPerson: number, perDay: number) {
    const voteId = newId();
    await db.insert(votes).values({
      id: voteId,
      meetingId: ids.meeting,
      title: { en: 'Bench vote' },
      startAt: new Date(Date.now() - 86_400_000),
      endAt: new Date(Date.now() + 86_400_000 * 30),
      perPersonLimit: perPerson,
      perDayLimit: perDay,
    });
    const players = [newId(), newId(), newId()];
    await db
      .insert(votePlayers)
      .values(players.map((id, i) => ({ id, voteId, name: { en: `Candidate ${i + 1}` } })));
    return { voteId, players };
  }

  async function voters(count: number, first: number) {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      username: `Bench voter ${first + i}`,
      phone: `+86137${String(first + i).padStart(8, '0')}`,
    }));
    await db.insert(users).values(rows);
    return Promise.all(
      rows.map(async (row) => {
        const [user] = await db.select().from(users).where(eq(users.id, row.id));
        if (!user) throw new Error('no voter');
        return signIn({ db, config }, { user, meetingId: ids.meeting, method: 'phone' });
      }),
    );
  }

  let address = 0;
  async function run(
    label: string,
    vote: { voteId: string; players: string[] },
    logins: { token: string }[],
  ) {
    let accepted = 0;
    let refused = 0;
    let other = 0;
    const started = performance.now();
    for (let sent = 0; sent < total; sent += inFlight) {
      const batch = Array.from({ length: Math.min(inFlight, total - sent) }, (_, i) => {
        address += 1;
        const login = logins[(sent + i) % logins.length] as { token: string };
        return t.call('POST', apiUrl('/vote/answer/add'), {
          headers: bearer(login as never),
          remoteAddress: `10.8.${(address >> 8) & 255}.${address & 255}`,
          json: { vote_id: vote.voteId, player_id: vote.players[(sent + i) % vote.players.length], count: 1 },
        });
      });
      for (const res of await Promise.all(batch)) {
        if (res.statusCode === 200) accepted += 1;
        else if (res.statusCode === 409) refused += 1;
        else other += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const [row] = await db
      .select({
        answers: sql<number>`coalesce(sum(${voteAnswers.count}), 0)::int`,
      })
      .from(voteAnswers)
      .where(eq(voteAnswers.voteId, vote.voteId));
    const [counted] = await db
      .select({ total: sql<number>`coalesce(sum(${votePlayers.voteTotal}), 0)::int` })
      .from(votePlayers)
      .where(eq(votePlayers.voteId, vote.voteId));
    const [over] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(voteBallots)
      .innerJoin(votes, eq(votes.id, voteBallots.voteId))
      .where(
        sql`${voteBallots.voteId} = ${vote.voteId} and (${voteBallots.total} > ${votes.perPersonLimit} or (${votes.perDayLimit} > 0 and ${voteBallots.dayTotal} > ${votes.perDayLimit}))`,
      );
    console.log(
      `${label.padEnd(34)} ${total} calls, ${inFlight} in flight: ${(total / seconds).toFixed(0)} calls/s, ${(accepted / seconds).toFixed(0)} votes/s accepted; accepted ${accepted}, refused ${refused}, other ${other}; stored ${row?.answers}, vote_total ${counted?.total}; over-limit ballots ${over?.n}`,
    );
  }

  const single = await makeVote(1_500, 1_200);
  const [one] = await voters(1, 0);
  if (!one) throw new Error('no voter');
  await run('one voter (limits 1500 / 1200 a day)', single, [one]);
  const shared = await makeVote(1_000, 0);
  await run('200 voters', shared, await voters(200, 1));
  await t.close();
}

await main();
