import type { ReceptionGuest, ReceptionMutation } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyMutation,
  dropGuests,
  guestsAtPhase,
  mergeGuests,
  phaseCounts,
  searchGuests,
  settleSync,
  stampMutation,
  viewGuests,
} from './desk-queue.ts';

const phaseA = 'a'.repeat(24);
const phaseB = 'b'.repeat(24);
const guest = (
  id: string,
  name: string,
  version = 1,
  extra: Partial<ReceptionGuest> = {},
): ReceptionGuest => ({
  _id: { $id: id },
  meeting_id: { $id: 'm'.repeat(24) },
  name,
  title: 'Director',
  description: '',
  photo: '',
  phone: '+8613900000001',
  area_code: '86',
  email: `${name.toLowerCase()}@example.com`,
  code: `CODE${id.slice(-2)}`,
  note: '',
  staff_user_id: null,
  staff_name: '',
  phases: [
    { phase_id: { $id: phaseA }, status: 0, status_at: 0, status_by_name: '', answers: {} },
    { phase_id: { $id: phaseB }, status: 0, status_at: 0, status_by_name: '', answers: {} },
  ],
  version,
  updated_at: 0,
  ...extra,
});
const g1 = '1'.repeat(24);
const g2 = '2'.repeat(24);

describe('desk queue (§4 Reception offline)', () => {
  it('stamps writes with a UUID and the device time corrected by the server offset', () => {
    const mutation = stampMutation(
      { kind: 'status', guest_id: g1, phase_id: phaseA, status: 1 },
      1_000_000,
      2500,
    );
    expect(mutation.client_at).toBe(1_002_500);
    expect(mutation.mutation_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('shows pending writes on top of the cached list, in order', () => {
    const base = [guest(g1, 'Ada'), guest(g2, 'Bo')];
    const pending: ReceptionMutation[] = [
      stampMutation({ kind: 'status', guest_id: g1, phase_id: phaseA, status: 1 }, 5000, 0),
      stampMutation({ kind: 'answer', guest_id: g1, phase_id: phaseB, key: 'room', value: '1203' }, 6000, 0),
      stampMutation({ kind: 'guest', guest_id: g2, field: 'title', value: 'CEO' }, 7000, 0),
      stampMutation({ kind: 'status', guest_id: g1, phase_id: phaseA, status: 0 }, 8000, 0),
    ];
    const view = viewGuests(base, pending, 'Desk A');
    expect(view[0]?.phases[0]).toMatchObject({ status: 0, status_at: 8, status_by_name: 'Desk A' });
    expect(view[0]?.phases[1]?.answers).toEqual({ room: '1203' });
    expect(view[1]?.title).toBe('CEO');
    expect(base[0]?.phases[0]?.status).toBe(0);
    expect(applyMutation(base[1] as ReceptionGuest, pending[0] as ReceptionMutation, 'x')).toBe(base[1]);
  });

  it('merges server guests by version and adds new ones in name order', () => {
    const base = [guest(g1, 'Ada', 3), guest(g2, 'Bo', 1)];
    const merged = mergeGuests(base, [
      guest(g1, 'Ada old', 2),
      guest(g2, 'Bo new', 2),
      guest('3'.repeat(24), 'Al', 1),
    ]);
    expect(merged.map((item) => item.name)).toEqual(['Ada', 'Al', 'Bo new']);
  });

  it('drops guests the console deleted from the cache, keeping the others in order', () => {
    const g3 = '3'.repeat(24);
    const base = [guest(g1, 'Ada'), guest(g2, 'Bo'), guest(g3, 'Cy')];
    expect(dropGuests(base, [g2, 'f'.repeat(24)]).map((item) => item.name)).toEqual(['Ada', 'Cy']);
    expect(dropGuests(base, [])).toEqual(base);
    // Changed and deleted in one poll: the deletion wins.
    const merged = mergeGuests(base, [guest(g2, 'Bo new', 2)]);
    expect(dropGuests(merged, [g2]).map((item) => item.name)).toEqual(['Ada', 'Cy']);
  });

  it('settles a sync answer: applied leave the queue, stale and rejected become notes, unanswered stay', () => {
    const base = [guest(g1, 'Ada'), guest(g2, 'Bo')];
    const [applied, stale, rejected, unanswered] = [1, 2, 3, 4].map((n) =>
      stampMutation(
        { kind: 'status', guest_id: n === 2 ? g2 : g1, phase_id: phaseA, status: 1 },
        n * 1000,
        0,
      ),
    ) as [ReceptionMutation, ReceptionMutation, ReceptionMutation, ReceptionMutation];
    const settled = settleSync(
      { base, pending: [applied, stale, rejected, unanswered] },
      [
        { mutation_id: applied.mutation_id, outcome: 'applied', guest: guest(g1, 'Ada', 2) },
        { mutation_id: stale.mutation_id, outcome: 'stale', guest: guest(g2, 'Bo', 5) },
        { mutation_id: rejected.mutation_id, outcome: 'rejected', code: 'reception.phase_not_assigned' },
      ],
      99,
    );
    expect(settled.pending).toEqual([unanswered]);
    expect(settled.base.map((item) => item.version)).toEqual([2, 5]);
    expect(settled.notes).toEqual([
      expect.objectContaining({ mutation_id: stale.mutation_id, outcome: 'stale', guest_name: 'Bo', at: 99 }),
      expect.objectContaining({
        outcome: 'rejected',
        code: 'reception.phase_not_assigned',
        guest_name: 'Ada',
      }),
    ]);
  });

  it('searches name, title, e-mail, code and phone digits; filters and counts a phase', () => {
    const ada = guest(g1, 'Ada', 1, { phone: '+8613911112222' });
    const bo = guest(g2, 'Bo', 1, {
      phases: [{ phase_id: { $id: phaseA }, status: 1, status_at: 5, status_by_name: 'x', answers: {} }],
    });
    expect(searchGuests([ada, bo], 'ＡＤＡ')).toEqual([ada]);
    expect(searchGuests([ada, bo], '1111')).toEqual([ada]);
    expect(searchGuests([ada, bo], 'code22')).toEqual([bo]);
    expect(searchGuests([ada, bo], '  ')).toHaveLength(2);
    expect(guestsAtPhase([ada, bo], phaseB)).toEqual([ada]);
    expect(guestsAtPhase([ada, bo], phaseA, 1)).toEqual([bo]);
    expect(phaseCounts([ada, bo], phaseA)).toEqual({ received: 1, total: 2 });
  });
});
