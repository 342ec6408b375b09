import type { Agenda } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  filterOptions,
  groupByStart,
  nowLineIndex,
  pickDay,
  scheduleDays,
} from './schedule-model.ts';

const session = (id: string, start: number, room: string, track: string) =>
  ({
    _id: { $id: id },
    start,
    end: start + 2700,
    room: { _id: { $id: `room-${room}` }, name: room },
    track: { _id: { $id: `track-${track}` }, name: track, color: null },
  }) as unknown as Agenda;

const sessions = [
  session('a', 1566468000, 'Curie', 'Security'),
  session('b', 1566468000, 'Meitner', 'Art'),
  session('c', 1566471600, 'Curie', 'Art'),
];

describe('schedule model', () => {
  it("uses the meeting's days, or derives them from start and end in its zone", () => {
    const days = scheduleDays({
      days: [{ index: 0, date: '2019-08-22', start: 1566424800, end: 1566511200 }],
      start: 0,
      end: 0,
      time_zone: 'Europe/Berlin',
    });
    expect(days).toEqual([{ index: 1, date: '2019-08-22', start: 1566424800000, end: 1566511200000 }]);
    const derived = scheduleDays({
      days: [],
      start: 1566338400,
      end: 1566511200,
      time_zone: 'Europe/Berlin',
    });
    expect(derived.map((day) => day.date)).toEqual(['2019-08-21', '2019-08-22']);
  });

  it('groups sessions by start time', () => {
    const groups = groupByStart(sessions);
    expect(groups.map((group) => group.sessions.map((s) => s._id.$id))).toEqual([['a', 'b'], ['c']]);
    expect(groups[0]!.start).toBe(1566468000000);
  });

  it('offers the rooms and tracks of the day and filters by them', () => {
    const options = filterOptions(sessions, (name) => String(name));
    expect(options.rooms.map((o) => o.label)).toEqual(['Curie', 'Meitner']);
    expect(options.tracks.map((o) => o.label)).toEqual(['Art', 'Security']);
    expect(
      applyFilters(sessions, { roomId: 'room-Curie', trackId: 'track-Art' }).map((s) => s._id.$id),
    ).toEqual(['c']);
    expect(applyFilters(sessions, {})).toHaveLength(3);
  });

  it('opens the asked day, else today, else the first', () => {
    const days = [
      { index: 1, date: 'd1', start: 0, end: 10 },
      { index: 2, date: 'd2', start: 10, end: 20 },
    ];
    expect(pickDay(days, 'd2', 5)?.date).toBe('d2');
    expect(pickDay(days, undefined, 15)?.date).toBe('d2');
    expect(pickDay(days, 'nope', 50)?.date).toBe('d1');
  });

  it('places the now line before the first group still to start', () => {
    const groups = groupByStart(sessions);
    expect(nowLineIndex(groups, 1566468000000 + 60_000)).toBe(1);
    expect(nowLineIndex(groups, 0)).toBe(0);
    expect(nowLineIndex(groups, 1566471600000 + 1)).toBe(-1);
  });
});
