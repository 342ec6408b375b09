import { describe, expect, it } from 'vitest';
import { momentLabel, activityWhen as ticketWhen } from './ticket-time.ts';

// Wednesday 2026-12-16 09:30 in Berlin (winter time, +01:00).
const at = Date.UTC(2026, 11, 16, 8, 30);
const berlin = 'Europe/Berlin';

describe('ticket times follow the one time rule (lib/time.ts)', () => {
  it('name the zone once at the end, inside the left-to-right isolate', () => {
    const start = at / 1000;
    expect(ticketWhen(start, start + 7200, berlin, 'en', berlin)).toBe(
      'Wed, Dec 16, 2026 · \u206609:30 – 11:30\u2069',
    );
    expect(ticketWhen(start, start + 7200, berlin, 'en', 'America/New_York')).toBe(
      'Wed, Dec 16, 2026 · \u206609:30 – 11:30 GMT+1\u2069',
    );
    expect(ticketWhen(start, start + 86_400, berlin, 'en', 'America/New_York')).toBe(
      'Wed, Dec 16, 2026 \u206609:30\u2069 – Thu, Dec 17, 2026 \u206609:30 GMT+1\u2069',
    );
    expect(momentLabel(start, berlin, 'en', 'America/New_York')).toBe('Dec 16, 2026 \u206609:30 GMT+1\u2069');
  });
});
