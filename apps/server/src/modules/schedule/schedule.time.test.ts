import { offsetMinutesAt } from '@app/domain/zoned-time';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatInZone, parseDateTime, zonedMidnight } from './schedule.time.ts';

describe('time', () => {
  it('parses date-times with an offset, Z, or none (read in the time zone)', () => {
    expect(parseDateTime('2019-08-21T11:00:00+02:00')).toBe(Date.UTC(2019, 7, 21, 9));
    expect(parseDateTime('2019-08-21T11:00:00Z')).toBe(Date.UTC(2019, 7, 21, 11));
    expect(parseDateTime('2019-08-21T11:00', 'Europe/Berlin')).toBe(Date.UTC(2019, 7, 21, 9));
    expect(parseDateTime('2019-01-21T11:00:00', 'Europe/Berlin')).toBe(Date.UTC(2019, 0, 21, 10));
    expect(parseDateTime('2019-08-21T11:00:00-0330')).toBe(Date.UTC(2019, 7, 21, 14, 30));
    expect(parseDateTime('2019-02-30T11:00:00Z')).toBeUndefined();
    expect(parseDateTime('tomorrow')).toBeUndefined();
  });

  it('finds midnight in a time zone, across daylight saving changes', () => {
    expect(zonedMidnight('2019-08-21', 'Europe/Berlin')).toBe(Date.UTC(2019, 7, 20, 22));
    expect(zonedMidnight('2019-03-31', 'Europe/Berlin')).toBe(Date.UTC(2019, 2, 30, 23));
    expect(zonedMidnight('2019-03-31', 'UTC')).toBe(Date.UTC(2019, 2, 31));
    expect(zonedMidnight('2019-13-01', 'UTC')).toBeUndefined();
  });

  it('formats instants with an offset in minutes or a zone', () => {
    const instant = Date.UTC(2019, 7, 21, 9);
    expect(offsetMinutesAt(instant, 'Europe/Berlin')).toBe(120);
    expect(offsetMinutesAt(instant, 'America/St_Johns')).toBe(-150);
    expect(formatDateTime(instant, 120)).toBe('2019-08-21T11:00:00+02:00');
    expect(formatDateTime(instant, 0)).toBe('2019-08-21T09:00:00+00:00');
    expect(formatInZone(instant, 'America/St_Johns')).toBe('2019-08-21T06:30:00-02:30');
  });
});

describe('daylight-saving changes, read the same way east and west of UTC (RFC 5545 §3.3.5)', () => {
  it('moves a wall time skipped by a clock change forward by the gap', () => {
    const skipped = [
      ['2019-03-31T02:30:00', 'Europe/Berlin', '2019-03-31T03:30:00+02:00'],
      ['2019-03-10T02:30:00', 'America/New_York', '2019-03-10T03:30:00-04:00'],
      ['2019-10-06T02:30:00', 'Australia/Sydney', '2019-10-06T03:30:00+11:00'],
      ['2018-11-04T00:30:00', 'America/Sao_Paulo', '2018-11-04T01:30:00-02:00'],
    ] as const;
    for (const [wall, zone, shown] of skipped) {
      const instant = parseDateTime(wall, zone);
      expect(instant === undefined ? undefined : formatInZone(instant, zone)).toBe(shown);
    }
    expect(parseDateTime('2019-03-31T02:30', 'Europe/Berlin')).toBe(Date.UTC(2019, 2, 31, 1, 30));
    expect(parseDateTime('2019-03-10T02:30', 'America/New_York')).toBe(Date.UTC(2019, 2, 10, 7, 30));
  });

  it('reads a repeated wall time as its first occurrence', () => {
    const repeated = [
      ['2019-10-27T02:30:00', 'Europe/Berlin', '2019-10-27T02:30:00+02:00'],
      ['2019-11-03T01:30:00', 'America/New_York', '2019-11-03T01:30:00-04:00'],
      ['2019-04-07T02:30:00', 'Australia/Sydney', '2019-04-07T02:30:00+11:00'],
      ['2019-02-16T23:30:00', 'America/Sao_Paulo', '2019-02-16T23:30:00-02:00'],
    ] as const;
    for (const [wall, zone, shown] of repeated) {
      const instant = parseDateTime(wall, zone);
      expect(instant === undefined ? undefined : formatInZone(instant, zone)).toBe(shown);
    }
  });

  it('starts a day whose midnight is skipped at the end of the gap, not on the day before', () => {
    const start = zonedMidnight('2018-11-04', 'America/Sao_Paulo');
    expect(start).toBe(Date.UTC(2018, 10, 4, 3));
    expect(start === undefined ? undefined : formatInZone(start, 'America/Sao_Paulo')).toBe(
      '2018-11-04T01:00:00-02:00',
    );
  });
});
