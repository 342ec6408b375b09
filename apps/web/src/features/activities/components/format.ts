import type { Activity, ActivityPrice } from '@app/contracts';
import type { Language } from '@app/domain';
import { formatMoney } from '@app/domain/money';
import { clockTime, currentDeviceZone, formatDate, zoneSuffix } from '../../../lib/time.ts';

/**
 * Display helpers of the activity pages: money (§9 cents shown in yuan with a currency sign, a
 * min–max range, 0 shows 'free') and activity times in the meeting's time zone.
 */

/** The currency an activity's prices are in: the meeting's, when the API names it (§9), else CNY. */
export const currencyOf = (item: object): string => {
  const currency = (item as { currency?: unknown }).currency;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'CNY';
};

/**
 * `¥80` / `¥80.50` from cents in the display language (@app/domain/money formatMoney), or the
 * 'Free' word for 0 (§9).
 */
export function formatAmount(cents: number, freeLabel: string, language: Language, currency = 'CNY'): string {
  if (cents <= 0) return freeLabel;
  return formatMoney(cents, currency, language);
}

/**
 * The price range of the live ticket types (§9 min–max): `¥80 – ¥200`, one amount when all cost the
 * same, 'Free' when all are free; a range from 0 starts with the 'Free' word.
 */
export function priceRange(
  prices: readonly ActivityPrice[],
  freeLabel: string,
  language: Language,
  currency = 'CNY',
): string {
  const amounts = prices.filter((price) => price.deleted !== 1).map((price) => price.amount);
  if (amounts.length === 0) return freeLabel;
  const min = Math.min(...amounts);
  const max = Math.max(...amounts);
  if (max === 0) return freeLabel;
  if (min === max) return formatAmount(min, freeLabel, language, currency);
  return `${formatAmount(min, freeLabel, language, currency)} – ${formatAmount(max, freeLabel, language, currency)}`;
}

/** Live ticket types (deleted ones left out), by weight as the server sends them. */
export const livePrices = (activity: Activity): ActivityPrice[] =>
  activity.prices.filter((price) => price.deleted !== 1);

/** Whether a ticket type has none left (sold_total reached total, §4). */
export const isSoldOut = (price: ActivityPrice): boolean =>
  price.total !== null && price.sold_total >= price.total;

/** Tickets of a type still on sale, null when unlimited. */
export const ticketsLeft = (price: ActivityPrice): number | null =>
  price.total === null ? null : Math.max(0, price.total - price.sold_total);

/**
 * When an activity takes place, in the meeting's zone: `Sat, 21 Nov 2026 · 09:00 – 12:00` on one
 * day, else both dates with their times; the zone's name after the last time when the device's
 * clock reads differently (lib/time.ts, the one time rule).
 */
export function activityWhen(
  activity: Pick<Activity, 'start' | 'end'>,
  timeZone: string,
  language: Language,
  deviceZone: string = currentDeviceZone(),
) {
  const start = activity.start * 1000;
  const end = activity.end * 1000;
  const startDay = formatDate(start, timeZone, language);
  const zone = zoneSuffix(start, timeZone, language, deviceZone);
  if (end <= start) return `${startDay} · ${clockTime(start, timeZone, language)}${zone}`;
  const endDay = formatDate(end, timeZone, language);
  if (startDay === endDay) {
    return `${startDay} · ${clockTime(start, timeZone, language)} – ${clockTime(end, timeZone, language)}${zone}`;
  }
  return `${startDay} ${clockTime(start, timeZone, language)} – ${endDay} ${clockTime(end, timeZone, language)}${zone}`;
}
