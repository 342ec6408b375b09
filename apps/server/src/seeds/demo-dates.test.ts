import { describe, expect, it } from 'vitest';
import {
  dateIn,
  meetingDayAt,
  shiftByWeeks,
  shiftScheduleDocument,
  shiftToComingWeeks,
} from './demo-dates.ts';

const berlin = 'Europe/Berlin';
/** The camp's start as the demo stores it: midnight of 2019-08-21 in Berlin (a Wednesday). */
const campStart = new Date('2019-08-20T22:00:00Z');

const wall = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe('shiftToComingWeeks', () => {
  it('moves a 2019 meeting to the first week at least 14 days after now, same weekday and hour', () => {
    const now = new Date('2026-11-25T22:46:00Z');
    const weeks = shiftToComingWeeks(campStart, now, berlin);
    const moved = shiftByWeeks(campStart, weeks, berlin);
    expect(Number.isInteger(weeks)).toBe(true);
    expect(moved.getTime()).toBeGreaterThanOrEqual(now.getTime() + 14 * 86_400_000);
    expect(moved.getTime()).toBeLessThan(now.getTime() + 21 * 86_400_000);
    // Wednesday 00:00 in Berlin, in winter time now (+01:00) where 2019's was summer time (+02:00).
    expect(wall(moved, berlin)).toBe('Wed 00:00');
    expect(moved.toISOString()).toBe('2026-12-15T23:00:00.000Z');
    expect(dateIn(moved, berlin)).toBe('2026-12-16');
  });

  it('is 0 for a meeting already far enough ahead, and takes a lead of its own', () => {
    const now = new Date('2019-07-01T00:00:00Z');
    expect(shiftToComingWeeks(campStart, now, berlin)).toBe(0);
    expect(shiftToComingWeeks(campStart, now, berlin, 60)).toBe(2);
  });

  it('lands on the first possible week exactly at the edge', () => {
    // now + 14 days is exactly the start moved by one week: one week, not two.
    const now = new Date(shiftByWeeks(campStart, 1, berlin).getTime() - 14 * 86_400_000);
    expect(shiftToComingWeeks(campStart, now, berlin)).toBe(1);
    expect(shiftToComingWeeks(campStart, new Date(now.getTime() + 1), berlin)).toBe(2);
  });

  it('keeps the time of day across daylight saving in zones on both sides of UTC', () => {
    for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Shanghai']) {
      const start = new Date('2019-03-05T14:30:00Z');
      const before = wall(start, zone);
      for (const now of ['2026-03-20T00:00:00Z', '2026-10-20T00:00:00Z', '2027-06-01T00:00:00Z']) {
        const moved = shiftByWeeks(start, shiftToComingWeeks(start, new Date(now), zone), zone);
        expect(wall(moved, zone)).toBe(before);
      }
    }
  });
});

describe('shiftScheduleDocument', () => {
  const document = {
    schedule: {
      version: 'x',
      conference: {
        start: '2019-08-21',
        end: '2019-08-25',
        time_zone_name: berlin,
        days: [
          {
            index: 1,
            date: '2019-08-21',
            day_start: '2019-08-21T09:00:00+02:00',
            day_end: '2019-08-22T04:00:00+02:00',
            rooms: { Curie: [{ guid: 'a', date: '2019-08-21T11:00:00+02:00', start: '11:00' }] },
          },
        ],
      },
    },
  };

  it('moves every date by whole weeks, with the offset of the new date, leaving the input alone', () => {
    const moved = shiftScheduleDocument(document, 382);
    const conference = moved.schedule.conference;
    expect(conference.start).toBe('2026-12-16');
    expect(conference.end).toBe('2026-12-20');
    const day = conference.days[0];
    expect(day?.date).toBe('2026-12-16');
    expect(day?.day_start).toBe('2026-12-16T09:00:00+01:00');
    expect(day?.day_end).toBe('2026-12-17T04:00:00+01:00');
    expect(day?.rooms.Curie?.[0]).toEqual({ guid: 'a', date: '2026-12-16T11:00:00+01:00', start: '11:00' });
    expect(document.schedule.conference.days[0]?.date).toBe('2019-08-21');
    expect(shiftScheduleDocument(document, 0)).toEqual(document);
  });
});

describe('meetingDayAt', () => {
  it('places a wall time on a day of the meeting in its zone', () => {
    expect(meetingDayAt('2026-12-16', 0, '14:00', berlin).toISOString()).toBe('2026-12-16T13:00:00.000Z');
    expect(meetingDayAt('2026-12-16', 2, '09:30', berlin).toISOString()).toBe('2026-12-18T08:30:00.000Z');
    // Across the spring change: the next day is on summer time.
    expect(meetingDayAt('2027-03-27', 1, '10:00', berlin).toISOString()).toBe('2027-03-28T08:00:00.000Z');
  });
});
