import { afterEach, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Per-IP limits count the visitor, not the load balancer: with TRUST_PROXY the client address comes
 * from X-Forwarded-For; without it a forged header changes nothing.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A per-IP limit of 20 code sends an hour, small enough to cross here. */
const limit = { CODE_SENDS_PER_IP_HOURLY: '20' };

/** Sends codes to 21 different phones (20 per IP per hour are allowed) from one socket address. */
async function sendFromOneSocket(app: TestApp, forwardedFor: (n: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < 21; n++) {
    const response = await app.call('POST', '/api/texts/code', {
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': forwardedFor(n) },
      form: { phone: `139${String(n).padStart(4, '0')}7000`, meeting_id: ids.meeting },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('counts each forwarded visitor separately behind a trusted proxy', async () => {
    t = await createTestApp({ env: { ...limit, TRUST_PROXY: '192.0.2.10' } });
    await seedFixture(t.database.db);
    const statuses = await sendFromOneSocket(t, (n) => `198.51.100.${n + 1}`);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('also takes a hop count', async () => {
    t = await createTestApp({ env: { ...limit, TRUST_PROXY: '1' } });
    await seedFixture(t.database.db);
    const statuses = await sendFromOneSocket(t, (n) => `198.51.100.${n + 1}`);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    t = await createTestApp({ env: limit });
    await seedFixture(t.database.db);
    const statuses = await sendFromOneSocket(t, (n) => `198.51.100.${n + 1}`);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
