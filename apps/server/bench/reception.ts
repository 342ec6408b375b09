/**
 * `npm run bench:reception`: the reception desk (§2 Reception, §4) with BENCH_RECEPTION_GUESTS guests
 * (default 10,000) of one meeting, each assigned to two phases. Every call goes through the whole app
 * (Apikey, session, contract, service, serializer) with app.inject, one at a time, as an organiser.
 * 1. Guest search GET /reception/guests?keyword=… : BENCH_RECEPTION_CALLS calls (default 200, after 20
 *    warm-up calls) per variant — a name fragment, a phone fragment, a title shared by a sixth of the
 *    guests (first page of 50), a guest's code, and the first page without a keyword; p50/p95/p99.
 * 2. The offline cache's whole list (all=1, limit 20,000): time of one call.
 * 3. POST /reception/sync of 200 queued updates (status taps and form answers of 200 guests): time
 *    of the batch, then of its replay (same mutation ids: nothing new written).
 * PGlite by default; DATABASE_URL=postgres://… runs on that server (a scratch database per run, as the
 * API tests do). Not a test: nothing fails.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { newPerson } from '../src/modules/appointments/appointments.fixtures.ts';
import { grantReceptionRole, seedReceptionDesk } from '../src/modules/reception/reception.fixtures.ts';
import { ids, seedFixture } from '../test/fixture.ts';
import { bearer } from '../test/login.ts';
import { apiUrl, createTestApp } from '../test/test-app.ts';

const guestCount = Number(process.env.BENCH_RECEPTION_GUESTS ?? 10_000);
const calls = Number(process.env.BENCH_RECEPTION_CALLS ?? 200);
const batchSize = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const f = (ms: number) => `${ms.toFixed(1)} ms`;

async function main() {
  const t = await createTestApp();
  const db = t.database.db;
  await seedFixture(db);
  const meetingId = ids.meeting;
  const seeding = performance.now();
  const desk = await seedReceptionDesk(db, meetingId, guestCount);
  await db.execute(sql`analyze reception_guests`);
  await db.execute(sql`analyze reception_guest_phases`);
  await grantReceptionRole(db, { meetingId, phone: '+8613900990001', role: 'organiser' });
  const organiser = await newPerson(t, meetingId, { phone: '+8613900990001', username: 'Bench organiser' });
  const headers = bearer(organiser);
  console.log(
    `\nReception bench (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${guestCount} guests × 2 phases seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const [sample] = (
    (await db.execute(
      sql`select code from reception_guests where meeting_id = ${meetingId} order by name offset 4321 limit 1`,
    )) as unknown as {
      rows: { code: string }[];
    }
  ).rows;
  const variants: { label: string; query: Record<string, string> }[] = [
    { label: 'name "guest 0421"', query: { keyword: 'guest 0421' } },
    { label: 'phone "1370000123"', query: { keyword: '1370000123' } },
    { label: 'title "professor" (p.1)', query: { keyword: 'professor' } },
    { label: `code "${sample?.code ?? ''}"`, query: { keyword: (sample?.code ?? '').toLowerCase() } },
    { label: 'no keyword (p.1)', query: {} },
  ];
  for (const variant of variants) {
    const url = apiUrl(
      `/reception/guests?${new URLSearchParams({ meeting_id: meetingId, ...variant.query })}`,
    );
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < calls + 20; i += 1) {
      const started = performance.now();
      const res = await t.call('GET', url, { headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${variant.label}: ${res.statusCode} ${res.body}`);
      if (i >= 20) times.push(ms);
      total = (res.json() as { total: number }).total;
    }
    const sorted = times.sort((a, b) => a - b);
    console.log(
      `search ${variant.label.padEnd(26)} matches ${String(total).padStart(5)}  n=${sorted.length} p50 ${f(percentile(sorted, 0.5))}  p95 ${f(percentile(sorted, 0.95))}  p99 ${f(percentile(sorted, 0.99))}`,
    );
  }

  const wholeStarted = performance.now();
  const whole = await t.call(
    'GET',
    apiUrl(`/reception/guests?${new URLSearchParams({ meeting_id: meetingId, all: '1', limit: '20000' })}`),
    { headers },
  );
  const wholeMs = performance.now() - wholeStarted;
  const wholeBody = whole.json() as { results: unknown[] };
  console.log(
    `offline cache all=1: ${wholeBody.results.length} guests, ${(whole.body.length / 1_048_576).toFixed(1)} MiB in ${f(wholeMs)}`,
  );

  const now = Date.now();
  const mutations = desk.guestIds.slice(0, batchSize).map((guestId, i) =>
    i % 4 === 3
      ? {
          kind: 'answer',
          mutation_id: randomUUID(),
          guest_id: guestId,
          phase_id: desk.hotel,
          key: 'room',
          value: `R${1000 + i}`,
          client_at: now - 60_000 + i,
        }
      : {
          kind: 'status',
          mutation_id: randomUUID(),
          guest_id: guestId,
          phase_id: i % 2 === 0 ? desk.airport : desk.hotel,
          status: 1,
          client_at: now - 60_000 + i,
        },
  );
  for (const label of ['sync of 200 queued updates', 'replay of the same 200   ']) {
    const started = performance.now();
    const res = await t.call('POST', apiUrl('/reception/sync'), {
      headers,
      json: { meeting_id: meetingId, mutations },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`sync: ${res.statusCode} ${res.body}`);
    const outcomes = new Map<string, number>();
    for (const item of (res.json() as { results: { outcome: string }[] }).results)
      outcomes.set(item.outcome, (outcomes.get(item.outcome) ?? 0) + 1);
    console.log(
      `${label}: ${f(ms)} (${(ms / batchSize).toFixed(2)} ms each); ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  }
  const [history] = (
    (await db.execute(sql`select count(*)::int as n from reception_history`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(`history rows: ${history?.n} (one per update, none from the replay)`);
  await t.close();
}

await main();
