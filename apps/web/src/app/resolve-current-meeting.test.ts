import type { Meeting } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type MeetingResolutionDeps, resolveCurrentMeeting } from './resolve-current-meeting.ts';

const idA = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const idB = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const idC = 'cccccccccccccccccccccccc';
const idD = 'dddddddddddddddddddddddd';

const meeting = (id: string, deleted: 0 | 1 = 0) => ({ _id: { $id: id }, deleted }) as unknown as Meeting;

function deps(overrides: Partial<MeetingResolutionDeps> & { query?: string } = {}): MeetingResolutionDeps {
  const known = new Map([idA, idB, idC, idD].map((id) => [id, meeting(id)]));
  return {
    search: new URLSearchParams(overrides.query ?? ''),
    itemMeetingId: async () => undefined,
    previousMeetingId: undefined,
    hostname: 'localhost',
    fetchMeeting: vi.fn(async (id: string) => known.get(id) ?? null),
    fetchDomainMeeting: vi.fn(async () => meeting(idD)),
    ...overrides,
  };
}

describe('meeting resolution (§2)', () => {
  it('takes query meeting_id first, then query meeting, then the path', async () => {
    await expect(
      resolveCurrentMeeting(deps({ query: `meeting_id=${idA}&meeting=${idB}`, pathMeetingId: idC })),
    ).resolves.toMatchObject({ meetingId: idA });
    await expect(
      resolveCurrentMeeting(deps({ query: `meeting=${idB}`, pathMeetingId: idC })),
    ).resolves.toMatchObject({ meetingId: idB });
    await expect(resolveCurrentMeeting(deps({ pathMeetingId: idC }))).resolves.toMatchObject({
      meetingId: idC,
    });
  });

  it("then the item's meeting, then the previous page's, then the domain default", async () => {
    await expect(
      resolveCurrentMeeting(deps({ itemMeetingId: async () => idB, previousMeetingId: idC })),
    ).resolves.toMatchObject({ meetingId: idB });
    await expect(resolveCurrentMeeting(deps({ previousMeetingId: idC }))).resolves.toMatchObject({
      meetingId: idC,
    });
    const byDomain = deps();
    await expect(resolveCurrentMeeting(byDomain)).resolves.toMatchObject({ meetingId: idD });
    expect(byDomain.fetchDomainMeeting).toHaveBeenCalledWith('localhost');
  });

  it('skips ids that are not 24-hex', async () => {
    await expect(
      resolveCurrentMeeting(deps({ query: 'meeting_id=nope', previousMeetingId: idC })),
    ).resolves.toMatchObject({ meetingId: idC });
  });

  it('is a 404 when a named meeting does not exist, or nothing is found', async () => {
    await expect(resolveCurrentMeeting(deps({ query: `meeting_id=${'e'.repeat(24)}` }))).resolves.toEqual({
      kind: 'not-found',
    });
    await expect(resolveCurrentMeeting(deps({ fetchDomainMeeting: async () => null }))).resolves.toEqual({
      kind: 'not-found',
    });
  });

  it('falls through a stale remembered meeting to the domain default', async () => {
    await expect(resolveCurrentMeeting(deps({ previousMeetingId: 'f'.repeat(24) }))).resolves.toMatchObject({
      meetingId: idD,
    });
  });

  it('opens /204 for a deleted meeting', async () => {
    await expect(
      resolveCurrentMeeting(deps({ query: `meeting_id=${idA}`, fetchMeeting: async (id) => meeting(id, 1) })),
    ).resolves.toEqual({ kind: 'deleted' });
  });
});
