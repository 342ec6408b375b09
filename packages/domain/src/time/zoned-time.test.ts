import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { offsetMinutesAt, resolveWallTime } from './zoned-time.ts';

/** Clock changes of 2018/2019 in zones of both offset signs and both hemispheres. */
const changes = [
  // zone, a skipped wall time, a repeated wall time
  { zone: 'Europe/Berlin', skipped: '2019-03-31T02:30', repeated: '2019-10-27T02:30' },
  { zone: 'America/New_York', skipped: '2019-03-10T02:30', repeated: '2019-11-03T01:30' },
  { zone: 'Australia/Sydney', skipped: '2019-10-06T02:30', repeated: '2019-04-07T02:30' },
  { zone: 'America/Sao_Paulo', skipped: '2018-11-04T00:30', repeated: '2019-02-16T23:30' },
];

const wall = (text: string) => Temporal.PlainDateTime.from(text);
const iso = (ms: number) => new Date(ms).toISOString();
const hour = 3_600_000;

describe('zoned wall times: one rule whatever the sign of the offset (RFC 5545 §3.3.5)', () => {
  it('moves a skipped wall time forward by the gap, in every zone', () => {
    const resolved = changes.map(({ zone, skipped }) => resolveWallTime(wall(skipped), zone));
    expect(resolved.map(({ epochMilliseconds }) => iso(epochMilliseconds))).toEqual([
      '2019-03-31T01:30:00.000Z', // 03:30+02:00
      '2019-03-10T07:30:00.000Z', // 03:30-04:00
      '2019-10-05T16:30:00.000Z', // 03:30+11:00
      '2018-11-04T03:30:00.000Z', // 01:30-02:00
    ]);
    expect(resolved.every(({ isSkipped }) => isSkipped)).toBe(true);
    for (const [i, { zone, skipped }] of changes.entries()) {
      const at = resolved[i]?.epochMilliseconds ?? 0;
      // Read with the offset in force before the change, so the clock shows the wall time plus the gap.
      expect(offsetMinutesAt(at - hour, zone) * 60_000).toBe(
        wall(skipped).toZonedDateTime('UTC').epochMilliseconds - at,
      );
      const shown = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).toPlainDateTime();
      expect(shown.toString()).toBe(wall(skipped).add({ hours: 1 }).toString());
    }
  });

  it('takes the first occurrence of a repeated wall time, in every zone', () => {
    const resolved = changes.map(({ zone, repeated }) => resolveWallTime(wall(repeated), zone));
    expect(resolved.map(({ epochMilliseconds }) => iso(epochMilliseconds))).toEqual([
      '2019-10-27T00:30:00.000Z', // 02:30+02:00, not +01:00
      '2019-11-03T05:30:00.000Z', // 01:30-04:00, not -05:00
      '2019-04-06T15:30:00.000Z', // 02:30+11:00, not +10:00
      '2019-02-17T01:30:00.000Z', // 23:30-02:00, not -03:00
    ]);
    expect(resolved.some(({ isSkipped }) => isSkipped)).toBe(false);
    for (const [i, { zone }] of changes.entries()) {
      const at = resolved[i]?.epochMilliseconds ?? 0;
      // The same wall time an hour later is the second occurrence, with the offset after the change.
      expect(offsetMinutesAt(at, zone)).toBe(offsetMinutesAt(at + hour, zone) + 60);
    }
  });

  it('leaves ordinary wall times alone and gives offsets in minutes east of UTC', () => {
    expect(resolveWallTime(wall('2019-08-21T11:00'), 'Europe/Berlin')).toEqual({
      epochMilliseconds: Date.UTC(2019, 7, 21, 9),
      isSkipped: false,
    });
    expect(offsetMinutesAt(Date.UTC(2019, 7, 21, 9), 'America/St_Johns')).toBe(-150);
    expect(offsetMinutesAt(Date.UTC(2019, 7, 21, 9), 'Asia/Kathmandu')).toBe(345);
    expect(() => resolveWallTime(wall('2019-08-21T11:00'), 'Not/AZone')).toThrow(RangeError);
  });
});
