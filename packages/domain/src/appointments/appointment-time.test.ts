import { describe, expect, it } from 'vitest';
import {
  appointmentWindow,
  isValidTimeZone,
  unixToZoned,
  windowsOverlap,
  zonedToUnix,
  zoneOffsetAt,
} from './appointment-time.ts';

const iso = (at: number) => new Date(at * 1000).toISOString();

describe('zonedToUnix', () => {
  it('converts a wall time in Shanghai (UTC+8, no DST) to UTC', () => {
    const result = zonedToUnix('2026-12-01', '10:00', 'Asia/Shanghai');
    expect(result.ok && iso(result.at)).toBe('2026-12-01T02:00:00.000Z');
  });

  it('refuses the hour skipped when Berlin springs forward (02:30 on 2026-03-29 never happens)', () => {
    expect(zonedToUnix('2026-03-29', '02:30', 'Europe/Berlin')).toEqual({
      ok: false,
      reason: 'nonexistent_time',
    });
    const before = zonedToUnix('2026-03-29', '01:59', 'Europe/Berlin');
    const after = zonedToUnix('2026-03-29', '03:00', 'Europe/Berlin');
    expect(before.ok && iso(before.at)).toBe('2026-03-29T00:59:00.000Z');
    expect(after.ok && iso(after.at)).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes the first of a repeated hour when Berlin falls back (RFC 5545)', () => {
    const result = zonedToUnix('2026-10-25', '02:30', 'Europe/Berlin');
    expect(result.ok && iso(result.at)).toBe('2026-10-25T00:30:00.000Z');
    expect(result.ok && zoneOffsetAt(result.at, 'Europe/Berlin')).toBe('+02:00');
  });

  it('handles New York DST edges and a half-hour shift (Lord Howe)', () => {
    expect(zonedToUnix('2026-03-08', '02:30', 'America/New_York')).toEqual({
      ok: false,
      reason: 'nonexistent_time',
    });
    const repeated = zonedToUnix('2026-11-01', '01:30', 'America/New_York');
    expect(repeated.ok && iso(repeated.at)).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedToUnix('2026-10-04', '02:15', 'Australia/Lord_Howe')).toEqual({
      ok: false,
      reason: 'nonexistent_time',
    });
    const kathmandu = zonedToUnix('2026-06-01', '09:00', 'Asia/Kathmandu');
    expect(kathmandu.ok && zoneOffsetAt(kathmandu.at, 'Asia/Kathmandu')).toBe('+05:45');
  });

  it('refuses impossible dates, malformed times and unknown zones', () => {
    expect(zonedToUnix('2026-02-30', '10:00', 'UTC')).toEqual({ ok: false, reason: 'invalid_date' });
    expect(zonedToUnix('2026/02/03', '10:00', 'UTC')).toEqual({ ok: false, reason: 'invalid_date' });
    expect(zonedToUnix('2026-02-03', '24:00', 'UTC')).toEqual({ ok: false, reason: 'invalid_time' });
    expect(zonedToUnix('2026-02-03', '9:00', 'UTC')).toEqual({ ok: false, reason: 'invalid_time' });
    expect(zonedToUnix('2026-02-03', '10:00', 'Mars/Olympus')).toEqual({
      ok: false,
      reason: 'invalid_time_zone',
    });
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
  });

  it('round-trips through unixToZoned', () => {
    const result = zonedToUnix('2026-10-25', '03:15', 'Europe/Berlin');
    expect(result.ok && unixToZoned(result.at, 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      time: '03:15',
    });
    expect(result.ok && unixToZoned(result.at, 'Asia/Tokyo')).toEqual({ date: '2026-10-25', time: '11:15' });
  });
});

describe('appointmentWindow (§5)', () => {
  const now = Date.parse('2026-11-21T08:00:00Z') / 1000;
  const base = { date: '2026-11-22', startTime: '10:00', endTime: '10:30', timeZone: 'Asia/Shanghai', now };

  it('accepts a future window and stores UTC seconds', () => {
    const result = appointmentWindow(base);
    expect(result.ok && [iso(result.start), iso(result.end)]).toEqual([
      '2026-11-22T02:00:00.000Z',
      '2026-11-22T02:30:00.000Z',
    ]);
  });

  it('refuses in the order the form asks: date first, then times, then now, then equal, then order', () => {
    expect(appointmentWindow({ ...base, date: '' })).toEqual({ ok: false, refusal: 'date_required' });
    expect(appointmentWindow({ ...base, startTime: '' })).toEqual({ ok: false, refusal: 'time_required' });
    expect(appointmentWindow({ ...base, timeZone: 'Nowhere/Land' })).toEqual({
      ok: false,
      refusal: 'time_zone_invalid',
    });
    expect(appointmentWindow({ ...base, date: '2026-11-21', startTime: '15:59', endTime: '16:30' })).toEqual({
      ok: false,
      refusal: 'start_past',
    });
    expect(appointmentWindow({ ...base, endTime: '10:00' })).toEqual({ ok: false, refusal: 'same_time' });
    expect(appointmentWindow({ ...base, endTime: '09:30' })).toEqual({
      ok: false,
      refusal: 'end_before_start',
    });
  });

  it('judges "after now" in the chosen zone, not the device zone', () => {
    // 16:30 on 2026-11-21 is past in Shanghai (08:30Z) but still ahead in New York (21:30Z).
    const window = { ...base, date: '2026-11-21', startTime: '16:30', endTime: '17:00' };
    expect(appointmentWindow(window).ok).toBe(true);
    expect(appointmentWindow({ ...window, timeZone: 'Asia/Tokyo' })).toEqual({
      ok: false,
      refusal: 'start_past',
    });
  });

  it('measures a window across the fall-back hour in real time (01:30–03:30 Berlin = 3 h)', () => {
    const result = appointmentWindow({
      ...base,
      date: '2026-10-25',
      startTime: '01:30',
      endTime: '03:30',
      timeZone: 'Europe/Berlin',
      now: Date.parse('2026-10-01T00:00:00Z') / 1000,
    });
    expect(result.ok && result.end - result.start).toBe(3 * 3600);
  });

  it('refuses a window that starts in the spring-forward gap', () => {
    const result = appointmentWindow({
      ...base,
      date: '2026-03-29',
      startTime: '02:15',
      endTime: '03:30',
      timeZone: 'Europe/Berlin',
      now: Date.parse('2026-03-01T00:00:00Z') / 1000,
    });
    expect(result).toEqual({ ok: false, refusal: 'time_nonexistent' });
  });
});

describe('windowsOverlap', () => {
  it('treats windows as half-open', () => {
    expect(windowsOverlap({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    expect(windowsOverlap({ start: 0, end: 11 }, { start: 10, end: 20 })).toBe(true);
    expect(windowsOverlap({ start: 5, end: 6 }, { start: 0, end: 20 })).toBe(true);
  });
});
