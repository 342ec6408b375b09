import type { Meeting } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type MeetingResolutionDeps, resolveCurrentMeeting } from './resolve-current-meeting.ts';

const idA = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const idB = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const idC = 'cccccccccccccccccccccccc';
const idD = 'dddddddddddddddddddddddd';

const meeting = (id: string, deleted: 0 | 1 = 0, domain: string | null = null) =>
  ({ _id: { $id: id }, deleted, domain }) as unknown as Meeting;

function deps(overrides: Partial<MeetingResolutionDeps> & { query?: string } = {}): MeetingResolutionDeps {
  const known = new Map([idA, idB, idC, idD].map((id) => [id, meeting(id)]));
  return {
    search: new URLSearchParams(overrides.query ?? ''),
    itemMeetingId: async () => undefined,
    previousMeetingId: undefined,
    hostname: 'localhost',
    fetchMeeting: vi.fn(async (id: string) => known.get(id) ?? null),
    fetchDomainMeetings: vi.fn(async () => [meeting(idD, 0, 'localhost')]),
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

  it("then the item's meeting, then the domain default, then the remembered one", async () => {
    await expect(
      resolveCurrentMeeting(deps({ itemMeetingId: async () => idB, previousMeetingId: idC })),
    ).resolves.toMatchObject({ meetingId: idB });
    const byDomain = deps({ previousMeetingId: idC, hostname: 'LocalHost' });
    await expect(resolveCurrentMeeting(byDomain)).resolves.toMatchObject({ meetingId: idD });
    expect(byDomain.fetchDomainMeetings).toHaveBeenCalledWith('localhost');
    // 127.0.0.1: no meeting has the domain, the answer is the public meetings.
    const publicOnes = async () => [meeting(idA, 0, 'localhost'), meeting(idB)];
    await expect(
      resolveCurrentMeeting(
        deps({ hostname: '127.0.0.1', previousMeetingId: idC, fetchDomainMeetings: publicOnes }),
      ),
    ).resolves.toMatchObject({ meetingId: idC });
  });

  it('takes a remembered meeting from the public list without asking again', async () => {
    const remembered = deps({
      hostname: '127.0.0.1',
      previousMeetingId: idB,
      fetchDomainMeetings: async () => [meeting(idA), meeting(idB)],
    });
    await expect(resolveCurrentMeeting(remembered)).resolves.toMatchObject({ meetingId: idB });
    expect(remembered.fetchMeeting).not.toHaveBeenCalled();
  });

  it('then the only public meeting, else the chooser on landing pages and /404 elsewhere', async () => {
    const only = async () => [meeting(idA, 0, 'localhost')];
    await expect(
      resolveCurrentMeeting(deps({ hostname: '127.0.0.1', fetchDomainMeetings: only })),
    ).resolves.toMatchObject({ meetingId: idA });
    const two = async () => [meeting(idA), meeting(idB)];
    await expect(
      resolveCurrentMeeting(deps({ hostname: '10.0.0.5', fetchDomainMeetings: two, canChoose: true })),
    ).resolves.toEqual({ kind: 'choose' });
    await expect(
      resolveCurrentMeeting(deps({ hostname: '10.0.0.5', fetchDomainMeetings: two })),
    ).resolves.toEqual({ kind: 'not-found' });
    await expect(
      resolveCurrentMeeting(deps({ fetchDomainMeetings: async () => [], canChoose: true })),
    ).resolves.toEqual({ kind: 'choose' });
  });

  it('skips ids that are not 24-hex', async () => {
    await expect(
      resolveCurrentMeeting(
        deps({ query: 'meeting_id=nope', previousMeetingId: idC, fetchDomainMeetings: async () => [] }),
      ),
    ).resolves.toMatchObject({ meetingId: idC });
  });

  it('is a 404 when a named meeting does not exist, or nothing is found', async () => {
    await expect(resolveCurrentMeeting(deps({ query: `meeting_id=${'e'.repeat(24)}` }))).resolves.toEqual({
      kind: 'not-found',
    });
    await expect(resolveCurrentMeeting(deps({ fetchDomainMeetings: async () => [] }))).resolves.toEqual({
      kind: 'not-found',
    });
  });

  it('skips a stale remembered meeting', async () => {
    await expect(
      resolveCurrentMeeting(
        deps({
          previousMeetingId: 'f'.repeat(24),
          hostname: '127.0.0.1',
          fetchDomainMeetings: async () => [meeting(idA)],
        }),
      ),
    ).resolves.toMatchObject({ meetingId: idA });
  });

  it('opens /204 for a deleted meeting', async () => {
    await expect(
      resolveCurrentMeeting(deps({ query: `meeting_id=${idA}`, fetchMeeting: async (id) => meeting(id, 1) })),
    ).resolves.toEqual({ kind: 'deleted' });
  });
});
