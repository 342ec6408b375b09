import type { Appointment, AppointmentActionName, AppointmentStatus, ScheduleEntry } from '@app/contracts';

/**
 * Pure display rules of the appointment screens (§4 Appointment): list tabs and the query
 * each sends, status colours, the order of the action buttons, the status timeline, the slots of the
 * booking form grouped by day, and whether a time needs repeating in the device's time zone.
 * Instants are unix seconds.
 */

/** The list tabs: every request, pending ones (pending=1, the badge count), then one per status. */
export const appointmentTabs = ['all', 'pending', 'accepted', 'ignored', 'retracted', 'cancelled'] as const;
export type AppointmentTab = (typeof appointmentTabs)[number];

const tabStatus: Record<Exclude<AppointmentTab, 'all' | 'pending'>, '1' | '2' | '3' | '4'> = {
  accepted: '1',
  ignored: '2',
  retracted: '3',
  cancelled: '4',
};

/**
 * The tab of the address's `status` value (appointmentPaths.mine/enterprise): '0' or 'pending' is the
 * pending tab, '1'…'4' a status, anything else All.
 */
export function tabOfStatusParam(value: string | undefined): AppointmentTab {
  if (value === '0' || value === 'pending') return 'pending';
  const found = Object.entries(tabStatus).find(([, status]) => status === value);
  return found ? (found[0] as AppointmentTab) : 'all';
}

/** The `status` address value of a tab (undefined for All). */
export function statusParamOfTab(tab: AppointmentTab): string | undefined {
  if (tab === 'all') return undefined;
  if (tab === 'pending') return '0';
  return tabStatus[tab];
}

/** The filter GET /appointments gets for a tab: `pending=1` (status 0 still ahead) or one `status`. */
export function tabQuery(tab: AppointmentTab): { status?: '1' | '2' | '3' | '4'; pending?: '1' } {
  if (tab === 'all') return {};
  if (tab === 'pending') return { pending: '1' };
  return { status: tabStatus[tab] };
}

/** Badge colour of a status: applying amber, accepted green, the finished ones grey. */
export function statusTone(status: AppointmentStatus): 'amber' | 'green' | 'grey' {
  if (status === 0) return 'amber';
  if (status === 1) return 'green';
  return 'grey';
}

/** The order the buttons stand in (the positive one first). */
const actionOrder: readonly AppointmentActionName[] = ['accept', 'ignore', 'cancel', 'delete'];

/**
 * The buttons to show: exactly the actions the server allows the caller now (`actions`, from the
 * domain state machine), in a fixed order, without duplicates or unknown names.
 */
export function visibleActions(actions: readonly string[]): AppointmentActionName[] {
  return actionOrder.filter((action) => actions.includes(action));
}

/** Whether an action asks first: ignore and cancel take an optional reason, delete a confirmation. */
export function actionDialog(action: AppointmentActionName): 'none' | 'reason' | 'confirm' {
  if (action === 'accept') return 'none';
  if (action === 'delete') return 'confirm';
  return 'reason';
}

export type TimelineStep = {
  key: 'sent' | 'waiting' | 'accepted' | 'ignored' | 'retracted' | 'cancelled';
  /** Unix seconds when known. */
  at: number | null;
  /** The step still to come (waiting for the exhibitor). */
  isOpen: boolean;
};

/**
 * The small status timeline of the details page: sent → (waiting) → accepted / declined / withdrawn;
 * a cancelled one was accepted first (§4: only an accepted request is cancelled; a pending one is
 * retracted). The last change's time is `updated`.
 */
export function appointmentTimeline(
  appointment: Pick<Appointment, 'status' | 'created' | 'updated'>,
): TimelineStep[] {
  const sent: TimelineStep = { key: 'sent', at: appointment.created, isOpen: false };
  const last = (key: TimelineStep['key']): TimelineStep => ({ key, at: appointment.updated, isOpen: false });
  switch (appointment.status) {
    case 0:
      return [sent, { key: 'waiting', at: null, isOpen: true }];
    case 1:
      return [sent, last('accepted')];
    case 2:
      return [sent, last('ignored')];
    case 3:
      return [sent, last('retracted')];
    case 4:
      return [sent, { key: 'accepted', at: null, isOpen: false }, last('cancelled')];
  }
}

export type SlotDay<T> = { date: string; slots: T[] };

/**
 * Published slots grouped by their calendar day (`date`, wall-clock in the slot's zone), days in
 * order and each day's slots by start; deleted ones left out.
 */
export function groupSlotsByDay<T extends Pick<ScheduleEntry, 'date' | 'start' | 'deleted'>>(
  slots: readonly T[],
): SlotDay<T>[] {
  const days = new Map<string, T[]>();
  const sorted = slots.filter((slot) => slot.deleted !== 1).sort((a, b) => a.start - b.start);
  for (const slot of sorted) {
    const day = days.get(slot.date);
    if (day) day.push(slot);
    else days.set(slot.date, [slot]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, items]) => ({ date, slots: items }));
}

/** A zone's name in the display locale without its offset ('China Standard Time'), else its id. */
export function zoneName(timeZone: string, at: number, locale: string): string {
  for (const style of ['longGeneric', 'long'] as const) {
    try {
      const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(
        at * 1000,
      );
      const name = parts.find((part) => part.type === 'timeZoneName')?.value;
      if (name) return name;
    } catch {
      // an unknown zone or style: try the next
    }
  }
  return timeZone;
}
