import { createServer } from 'node:net';
import type { LoginResult, Order } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertActivity } from '../activities/activities.fixtures.ts';
import { newLogin } from '../exhibitors/exhibitors.fixtures.ts';
import { callAs, checkoutAs, startPayment } from './orders.fixtures.ts';
import { paymentEvents } from './orders.tables.ts';

/**
 * The sandbox pay page's form (commerce design): its choices sign notifications and POST them over
 * HTTP to this server's notify route at PUBLIC_URL — ten duplicates confirm once, failed-then-paid
 * ends paid, a late delivery waits in the job queue — then send the payer back to the order page.
 */

let t: TestApp;
let publicUrl: string;
const meetingId = ids.meeting;

/** A port free right now (the app listens on it, and PUBLIC_URL names it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
  await seedFixture(t.database.db);
  await t.app.listen({ port, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function pendingOrder(): Promise<{ who: LoginResult; order: Order; paymentId: string }> {
  const activity = await insertActivity(t.database.db, { meetingId, prices: [{ amount: 2500, total: 3 }] });
  const who = await newLogin({ db: t.database.db, config: t.app.deps.config }, meetingId);
  const res = await checkoutAs(t, who, {
    activity_id: activity.activityId,
    lines: [{ price_id: activity.priceIds[0] }],
  });
  const order = res.body.results[0] as Order;
  return { who, order, paymentId: await startPayment(t, who, order._id.$id) };
}

/** Submits the page's form as a browser would (urlencoded, no Apikey). */
async function submit(paymentId: string, form: Record<string, string>) {
  const response = await fetch(`${publicUrl}/api/payments/sandbox/${paymentId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

describe('the sandbox pay page delivers over HTTP', () => {
  it('answers a redirect to its page, and 10 duplicates confirm once', async () => {
    const { who, order, paymentId } = await pendingOrder();
    const start = await callAs<{ start: { kind: string; url: string } }>(
      t,
      who,
      'POST',
      apiUrl(`/orders/${order._id.$id}/payments`),
      {
        channel: 'sandbox',
      },
    );
    expect(start.body.start.kind).toBe('redirect');
    expect(start.body.start.url.startsWith(`${publicUrl}/api/payments/sandbox/`)).toBe(true);
    const answer = await submit(paymentId, { action: 'paid', mode: 'duplicates' });
    expect(answer).toEqual({ status: 303, location: `${publicUrl}/#/my/order/${order._id.$id}` });
    const after = (await callAs<Order>(t, who, 'GET', apiUrl(`/orders/${order._id.$id}`))).body;
    expect(after).toMatchObject({ status: 'done', paid_amount: 2500 });
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paymentId));
    expect(events.map((e) => e.outcome)).toEqual(['confirmed']);
  });

  it('failed then paid ends paid; Fail alone leaves the order pending', async () => {
    const first = await pendingOrder();
    await submit(first.paymentId, { action: 'paid', mode: 'out_of_order' });
    expect(
      (await callAs<Order>(t, first.who, 'GET', apiUrl(`/orders/${first.order._id.$id}`))).body.status,
    ).toBe('done');
    const second = await pendingOrder();
    await submit(second.paymentId, { action: 'failed', mode: 'once', return: `${publicUrl}/#/elsewhere` });
    const after = (await callAs<Order>(t, second.who, 'GET', apiUrl(`/orders/${second.order._id.$id}`))).body;
    expect(after.status).toBe('pending');
    expect(after.payments[0]?.status).toBe('failed');
  });

  it('a late delivery waits in the job queue; a foreign return address is not followed', async () => {
    const { paymentId } = await pendingOrder();
    const answer = await submit(paymentId, {
      action: 'paid',
      mode: 'late',
      delay: '600',
      return: 'https://evil.example/',
    });
    expect(answer.location?.startsWith(`${publicUrl}/#/my/order/`)).toBe(true);
    const jobs = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'payments-sandbox-deliver' and start_after > now() + interval '500 seconds'`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]?.n).toBe(1);
  });
});
