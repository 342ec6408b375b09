import { describe, expect, it } from 'vitest';
import { resolveMeetingId } from './resolve-meeting.ts';

const a = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const b = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const c = 'cccccccccccccccccccccccc';

describe('resolveMeetingId (§2)', () => {
  it('prefers query meeting_id, then query meeting, then the path', () => {
    expect(resolveMeetingId({ queryMeetingId: a, queryMeeting: b, pathMeetingId: c })).toBe(a);
    expect(resolveMeetingId({ queryMeeting: b, pathMeetingId: c })).toBe(b);
    expect(resolveMeetingId({ pathMeetingId: c, domainMeetingId: a })).toBe(c);
  });
  it("then the item's meeting, the previous page's, the domain default", () => {
    expect(resolveMeetingId({ itemMeetingId: a, previousMeetingId: b, domainMeetingId: c })).toBe(a);
    expect(resolveMeetingId({ previousMeetingId: b, domainMeetingId: c })).toBe(b);
    expect(resolveMeetingId({ domainMeetingId: c })).toBe(c);
  });
  it('skips values that are not ids, and gives undefined when none is found (→ /404)', () => {
    expect(resolveMeetingId({ queryMeetingId: 'undefined', queryMeeting: '', domainMeetingId: c })).toBe(c);
    expect(resolveMeetingId({ queryMeetingId: 'nope' })).toBeUndefined();
    expect(resolveMeetingId({})).toBeUndefined();
  });
});
