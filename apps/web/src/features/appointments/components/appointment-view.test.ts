import { describe, expect, it } from 'vitest';
import {
  actionDialog,
  appointmentTimeline,
  groupSlotsByDay,
  statusParamOfTab,
  statusTone,
  tabOfStatusParam,
  tabQuery,
  visibleActions,
} from './appointment-view.ts';

describe('tabs', () => {
  it('maps the address status to a tab and back', () => {
    expect(tabOfStatusParam(undefined)).toBe('all');
    expect(tabOfStatusParam('0')).toBe('pending');
    expect(tabOfStatusParam('1')).toBe('accepted');
    expect(tabOfStatusParam('2')).toBe('ignored');
    expect(tabOfStatusParam('3')).toBe('retracted');
    expect(tabOfStatusParam('4')).toBe('cancelled');
    expect(tabOfStatusParam('9')).toBe('all');
    for (const tab of ['all', 'pending', 'accepted', 'ignored', 'retracted', 'cancelled'] as const) {
      expect(tabOfStatusParam(statusParamOfTab(tab))).toBe(tab);
    }
  });

  it('sends pending=1 for the pending tab and one status for the others', () => {
    expect(tabQuery('all')).toEqual({});
    expect(tabQuery('pending')).toEqual({ pending: '1' });
    expect(tabQuery('accepted')).toEqual({ status: '1' });
    expect(tabQuery('cancelled')).toEqual({ status: '4' });
  });
});

describe('statusTone', () => {
  it('is amber while applying, green once accepted, grey when finished', () => {
    expect(statusTone(0)).toBe('amber');
    expect(statusTone(1)).toBe('green');
    expect([2, 3, 4].map((status) => statusTone(status as 2 | 3 | 4))).toEqual(['grey', 'grey', 'grey']);
  });
});

describe('visibleActions', () => {
  it('shows only what the server allows, in a fixed order', () => {
    expect(visibleActions(['delete', 'accept', 'ignore'])).toEqual(['accept', 'ignore', 'delete']);
    expect(visibleActions(['cancel'])).toEqual(['cancel']);
    expect(visibleActions([])).toEqual([]);
    expect(visibleActions(['teleport', 'cancel', 'cancel'])).toEqual(['cancel']);
  });

  it('asks a reason for ignore and cancel, a confirmation for delete, nothing for accept', () => {
    expect(actionDialog('accept')).toBe('none');
    expect(actionDialog('ignore')).toBe('reason');
    expect(actionDialog('cancel')).toBe('reason');
    expect(actionDialog('delete')).toBe('confirm');
  });
});

describe('appointmentTimeline', () => {
  const base = { created: 100, updated: 200 };
  it('waits for the exhibitor while applying', () => {
    expect(appointmentTimeline({ ...base, status: 0 })).toEqual([
      { key: 'sent', at: 100, isOpen: false },
      { key: 'waiting', at: null, isOpen: true },
    ]);
  });
  it('ends with the answer, a cancelled one passing through accepted', () => {
    expect(appointmentTimeline({ ...base, status: 1 }).map((step) => step.key)).toEqual(['sent', 'accepted']);
    expect(appointmentTimeline({ ...base, status: 2 }).at(-1)).toEqual({
      key: 'ignored',
      at: 200,
      isOpen: false,
    });
    expect(appointmentTimeline({ ...base, status: 3 }).map((step) => step.key)).toEqual([
      'sent',
      'retracted',
    ]);
    expect(appointmentTimeline({ ...base, status: 4 }).map((step) => step.key)).toEqual([
      'sent',
      'accepted',
      'cancelled',
    ]);
  });
});

describe('groupSlotsByDay', () => {
  it('groups by wall date, days and slots in order, deleted ones left out', () => {
    const slots = [
      { id: 'c', date: '2026-05-02', start: 300, deleted: 0 as const },
      { id: 'b', date: '2026-05-01', start: 200, deleted: 0 as const },
      { id: 'a', date: '2026-05-01', start: 100, deleted: 0 as const },
      { id: 'x', date: '2026-05-03', start: 400, deleted: 1 as const },
    ];
    const days = groupSlotsByDay(slots);
    expect(days.map((day) => day.date)).toEqual(['2026-05-01', '2026-05-02']);
    expect(days[0]?.slots.map((slot) => slot.id)).toEqual(['a', 'b']);
    expect(days[1]?.slots.map((slot) => slot.id)).toEqual(['c']);
    expect(groupSlotsByDay([])).toEqual([]);
  });

  it('does not reorder the array it is given', () => {
    const slots = [
      { date: '2026-05-01', start: 2, deleted: 0 as const },
      { date: '2026-05-01', start: 1, deleted: 0 as const },
    ];
    groupSlotsByDay(slots);
    expect(slots[0]?.start).toBe(2);
  });
});
