import { describe, expect, it } from 'vitest';
import { entryHighlight, groupByDay, noonOfDate, relativeDay } from './schedule-model.ts';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const entry = (id: string, start: string, end: string) => ({
  _id: { $id: id },
  start: at(start),
  end: at(end),
});

describe('groupByDay', () => {
  it('groups by the calendar day in the viewer zone, keeping the list order', () => {
    const entries = [
      entry('a', '2026-03-10T01:00:00Z', '2026-03-10T01:30:00Z'),
      entry('b', '2026-03-10T15:30:00Z', '2026-03-10T16:00:00Z'),
      entry('c', '2026-03-10T16:30:00Z', '2026-03-10T17:00:00Z'),
    ];
    // Shanghai (+08:00): a is 09:00 on the 10th, b 23:30 on the 10th, c 00:30 on the 11th.
    expect(
      groupByDay(entries, 'Asia/Shanghai').map((g) => [g.date, g.entries.map((e) => e._id.$id)]),
    ).toEqual([
      ['2026-03-10', ['a', 'b']],
      ['2026-03-11', ['c']],
    ]);
    // New York (-04:00 after 8 March): a is 21:00 on the 9th.
    expect(groupByDay(entries, 'America/New_York').map((g) => g.date)).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('follows daylight-saving changes: the same UTC hour is another local day after the switch', () => {
    // Berlin goes +01:00 → +02:00 on 29 March 2026. 22:30Z is 23:30 on the 28th, but 00:30 on the 30th.
    const entries = [
      entry('before', '2026-03-28T22:30:00Z', '2026-03-28T23:00:00Z'),
      entry('after', '2026-03-29T22:30:00Z', '2026-03-29T23:00:00Z'),
    ];
    expect(groupByDay(entries, 'Europe/Berlin').map((g) => g.date)).toEqual(['2026-03-28', '2026-03-30']);
  });

  it('keeps latest-first order for history', () => {
    const entries = [
      entry('late', '2026-03-12T08:00:00Z', '2026-03-12T09:00:00Z'),
      entry('early', '2026-03-11T08:00:00Z', '2026-03-11T09:00:00Z'),
    ];
    expect(groupByDay(entries, 'UTC').map((g) => g.date)).toEqual(['2026-03-12', '2026-03-11']);
  });

  it('answers no groups for no entries', () => expect(groupByDay([], 'UTC')).toEqual([]));
});

describe('entryHighlight', () => {
  const entries = [
    entry('b', '2026-03-10T10:00:00Z', '2026-03-10T10:30:00Z'),
    entry('a', '2026-03-10T09:00:00Z', '2026-03-10T09:30:00Z'),
  ];

  it('picks the next entry to start', () => {
    expect(entryHighlight(entries, at('2026-03-10T08:00:00Z'))).toEqual({ id: 'a', kind: 'next' });
    expect(entryHighlight(entries, at('2026-03-10T09:45:00Z'))).toEqual({ id: 'b', kind: 'next' });
  });

  it('picks the entry under way, with half-open windows', () => {
    expect(entryHighlight(entries, at('2026-03-10T09:00:00Z'))).toEqual({ id: 'a', kind: 'now' });
    expect(entryHighlight(entries, at('2026-03-10T09:29:59Z'))).toEqual({ id: 'a', kind: 'now' });
    expect(entryHighlight(entries, at('2026-03-10T09:30:00Z'))).toEqual({ id: 'b', kind: 'next' });
  });

  it('answers null when everything has ended', () => {
    expect(entryHighlight(entries, at('2026-03-10T10:30:00Z'))).toBeNull();
    expect(entryHighlight([], 0)).toBeNull();
  });
});

describe('noonOfDate', () => {
  it('is noon UTC of that date', () => {
    expect(new Date(noonOfDate('2026-02-28')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
  });
});

describe('relativeDay', () => {
  it('names today and tomorrow in the zone, across a daylight-saving night', () => {
    // 28 March 2026 23:30 in Berlin; the next night the clocks go forward.
    const now = Date.parse('2026-03-28T22:30:00Z');
    expect(relativeDay('2026-03-28', now, 'Europe/Berlin')).toBe('today');
    expect(relativeDay('2026-03-29', now, 'Europe/Berlin')).toBe('tomorrow');
    expect(relativeDay('2026-03-30', now, 'Europe/Berlin')).toBeNull();
    expect(relativeDay('2026-03-29', now, 'Asia/Shanghai')).toBe('today');
  });
});
