import { describe, expect, it } from 'vitest';
import { planSlots, splitRange } from './slot-plan.ts';

describe('splitRange', () => {
  it('cuts a range into consecutive slots of the length', () => {
    expect(splitRange('09:00', '10:30', 30)).toEqual([
      { startTime: '09:00', endTime: '09:30' },
      { startTime: '09:30', endTime: '10:00' },
      { startTime: '10:00', endTime: '10:30' },
    ]);
  });

  it('leaves out a remainder shorter than one slot', () => {
    expect(splitRange('09:00', '10:00', 45)).toEqual([{ startTime: '09:00', endTime: '09:45' }]);
    expect(splitRange('09:10', '10:00', 20)).toEqual([
      { startTime: '09:10', endTime: '09:30' },
      { startTime: '09:30', endTime: '09:50' },
    ]);
  });

  it('runs up to the last minute of the day', () => {
    expect(splitRange('22:45', '23:59', 60)).toEqual([{ startTime: '22:45', endTime: '23:45' }]);
  });

  it('gives nothing for a reversed, empty or malformed range', () => {
    expect(splitRange('10:00', '09:00', 15)).toEqual([]);
    expect(splitRange('10:00', '10:10', 15)).toEqual([]);
    expect(splitRange('9:00', '10:00', 15)).toEqual([]);
    expect(splitRange('09:00', '10:00', 0)).toEqual([]);
  });
});

describe('planSlots', () => {
  const now = Math.floor(Date.parse('2026-03-01T00:00:00Z') / 1000);
  const base = {
    date: '2026-03-10',
    from: '09:00',
    to: '11:00',
    lengthMinutes: 30,
    timeZone: 'Asia/Shanghai',
    now,
  };

  it('plans the slots of a valid range', () => {
    const plan = planSlots(base);
    expect(plan.ok && plan.slots.map((slot) => slot.startTime)).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('refuses the range with the booking rules first', () => {
    expect(planSlots({ ...base, date: '' })).toEqual({ ok: false, refusal: 'date_required' });
    expect(planSlots({ ...base, from: '' })).toEqual({ ok: false, refusal: 'time_required' });
    expect(planSlots({ ...base, date: '2026-02-10' })).toEqual({ ok: false, refusal: 'start_past' });
    expect(planSlots({ ...base, to: '09:00' })).toEqual({ ok: false, refusal: 'same_time' });
    expect(planSlots({ ...base, to: '08:00' })).toEqual({ ok: false, refusal: 'end_before_start' });
    expect(planSlots({ ...base, to: '09:20' })).toEqual({ ok: false, refusal: 'shorter_than_slot' });
  });

  it('refuses a range starting in an hour the clocks skip', () => {
    // New York skips 02:00–03:00 on 8 March 2026.
    expect(
      planSlots({ ...base, date: '2026-03-08', from: '02:30', to: '04:00', timeZone: 'America/New_York' }),
    ).toEqual({ ok: false, refusal: 'time_nonexistent' });
  });

  it('marks the slots inside a skipped hour and keeps the others', () => {
    const plan = planSlots({
      ...base,
      date: '2026-03-08',
      from: '01:00',
      to: '04:00',
      lengthMinutes: 60,
      timeZone: 'America/New_York',
    });
    expect(plan).toEqual({
      ok: true,
      slots: [
        { startTime: '01:00', endTime: '02:00', refusal: 'time_nonexistent' },
        { startTime: '02:00', endTime: '03:00', refusal: 'time_nonexistent' },
        { startTime: '03:00', endTime: '04:00' },
      ],
    });
  });
});
