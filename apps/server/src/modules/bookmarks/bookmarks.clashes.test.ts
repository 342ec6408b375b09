import type { TimelineItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { markClashes } from './bookmarks.service.ts';

/** Clash marks of the personal timeline (§2 /my/schedules): overlapping [start, end) intervals. */
const item = (id: string, start: number, end: number): TimelineItem => ({
  id,
  kind: 'bookmark',
  ref_id: id,
  meeting_id: 'm',
  start,
  end,
  title: id,
  location: '',
  link: '',
  status: null,
  clashes_with: [],
});

describe('markClashes', () => {
  it('marks overlaps both ways, not touching ends, and looks past a long item', () => {
    const items = markClashes([
      item('long', 0, 100),
      item('a', 10, 20),
      item('b', 20, 30),
      item('c', 100, 110),
      item('d', 105, 106),
    ]);
    const of = (id: string) => items.find((i) => i.id === id)?.clashes_with.sort();
    expect(of('long')).toEqual(['a', 'b']);
    expect(of('a')).toEqual(['long']);
    expect(of('b')).toEqual(['long']);
    expect(of('c')).toEqual(['d']);
    expect(of('d')).toEqual(['c']);
  });

  it('leaves a lone item and an empty list alone', () => {
    expect(markClashes([item('x', 0, 1)])[0]?.clashes_with).toEqual([]);
    expect(markClashes([])).toEqual([]);
  });
});
