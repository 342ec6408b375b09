import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { bearer, loginByPhone } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Links that leave the server are built from PUBLIC_URL (public-links.ts), never from the request:
 * a forged Host or X-Forwarded-Host must not reach a calendar feed, an .ics file or an invitation
 * link.
 */

const publicUrl = 'https://expo.example.org';
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY on: even a trusted proxy's forwarded host must not be used for links.
  t = await createTestApp({ env: { PUBLIC_URL: `${publicUrl}/`, TRUST_PROXY: '127.0.0.1' } });
  await seedFixture(t.database.db);
});
afterAll(() => t.close());

describe('links under a forged Host header', () => {
  it('the calendar feed address and the .ics it serves use PUBLIC_URL', async () => {
    const login = await loginByPhone(t, ids.meeting, '13800138123');
    const feed = await t.call('GET', '/api/meeting/schedules/calendar', {
      headers: { ...bearer(login), ...forged },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().url).toMatch(/^https:\/\/expo\.example\.org\/api\/calendars\/[a-z2-7]{52}\.ics$/);
    expect(feed.json().webcal_url).toMatch(/^webcal:\/\/expo\.example\.org\/api\/calendars\//);

    const ics = await t.app.inject({
      method: 'GET',
      url: new URL(feed.json().url).pathname,
      headers: forged,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).not.toContain('evil.example');
  });
});
