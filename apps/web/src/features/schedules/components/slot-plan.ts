import { type AppointmentWindowRefusal, appointmentWindow } from '@app/domain/appointments';

/**
 * Planning the bookable slots an exhibitor publishes (§7 Enterprises schedules): a date, a
 * from–to range of wall-clock times in a chosen zone, and a slot length; the range is cut into
 * consecutive slots, each sent as its own POST /enterprises/{id}/schedules.
 */

/** Slot lengths offered, in minutes. */
export const slotLengths = [15, 20, 30, 45, 60] as const;
export type SlotLength = (typeof slotLengths)[number];

/** One slot as wall-clock times 'HH:mm' on the chosen date. */
export type WallSlot = { startTime: string; endTime: string };

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Cuts the wall-clock range [from, to) into consecutive slots of `lengthMinutes`; a remainder shorter
 * than one slot is left out. Malformed times or a range not ending after it starts give no slots. The
 * cut is in wall-clock minutes, as the exhibitor reads the times; a slot touching an hour skipped by a
 * daylight-saving change is refused when it is checked (planSlots).
 */
export function splitRange(from: string, to: string, lengthMinutes: number): WallSlot[] {
  if (!timePattern.test(from) || !timePattern.test(to) || lengthMinutes <= 0) return [];
  const end = minutesOf(to);
  const slots: WallSlot[] = [];
  for (let start = minutesOf(from); start + lengthMinutes <= end; start += lengthMinutes) {
    slots.push({ startTime: timeOf(start), endTime: timeOf(start + lengthMinutes) });
  }
  return slots;
}

/** Why a publish request is refused before anything is sent. */
export type SlotPlanRefusal = AppointmentWindowRefusal | 'shorter_than_slot';

/** A slot to send, or one refused on its own (its times do not exist in the zone). */
export type PlannedSlot = WallSlot & { refusal?: AppointmentWindowRefusal };

export type SlotPlan = { ok: true; slots: PlannedSlot[] } | { ok: false; refusal: SlotPlanRefusal };

/**
 * Checks the whole range first with the booking rules (§5: date first, times given, start after now,
 * end after start, no skipped wall time; `now` in unix seconds), then cuts it into slots and checks
 * each one (a slot can touch a daylight-saving gap inside a valid range). 'shorter_than_slot' when
 * the range holds no whole slot.
 */
export function planSlots(input: {
  date: string;
  from: string;
  to: string;
  lengthMinutes: number;
  timeZone: string;
  now: number;
}): SlotPlan {
  const range = appointmentWindow({
    date: input.date,
    startTime: input.from,
    endTime: input.to,
    timeZone: input.timeZone,
    now: input.now,
  });
  if (!range.ok) return { ok: false, refusal: range.refusal };
  const slots = splitRange(input.from, input.to, input.lengthMinutes);
  if (slots.length === 0) return { ok: false, refusal: 'shorter_than_slot' };
  return {
    ok: true,
    slots: slots.map((slot) => {
      const checked = appointmentWindow({
        date: input.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        timeZone: input.timeZone,
        now: input.now,
      });
      return checked.ok ? slot : { ...slot, refusal: checked.refusal };
    }),
  };
}
