import {
  type ConsoleActivity,
  type ConsoleActivityPrice,
  type ConsoleActivitySource,
  type ConsoleRegistrationState,
  toWireId,
} from '@app/contracts';
import { registrationState } from '@app/domain';
import type { Config } from '../../config.ts';
import type { SourceRow } from '../activities/activities.repository.ts';
import {
  registrationActivityOf,
  toWireActivity,
  toWirePrice,
  toWireSource,
} from '../activities/activities.serializer.ts';
import { publicLink } from '../shared/public-links.ts';
import type {
  ConsoleActivityRow,
  ConsolePriceRow,
  findMeetingSummary,
} from './console-activities.repository.ts';

type MeetingSummary = NonNullable<Awaited<ReturnType<typeof findMeetingSummary>>>;

/** A ticket type in the console's wire form: the public one plus `updated_at_ms`. */
export function toConsolePrice(row: ConsolePriceRow): ConsoleActivityPrice {
  return { ...toWirePrice(row), updated_at_ms: row.updatedMs };
}

/** Registration state now (§4): disabled, not started, open, closed (deadline passed) or full. */
export function consoleRegistrationState(row: ConsoleActivityRow, now: number): ConsoleRegistrationState {
  const { availability } = registrationState({ activity: registrationActivityOf(row), now });
  return availability === 'source_full' ? 'open' : availability;
}

/**
 * An activity in the console's wire form (§3): the public fields, its meeting (time zone for the
 * editor), `updated_at_ms`, the registration state at `now` (unix seconds) and its ticket types.
 */
export function toConsoleActivity(
  row: ConsoleActivityRow,
  prices: ConsolePriceRow[],
  meeting: MeetingSummary,
  now: number,
): ConsoleActivity {
  const own = prices.filter((price) => price.activityId === row.id);
  return {
    ...toWireActivity(row, own),
    prices: own.map(toConsolePrice),
    updated_at_ms: row.updatedMs,
    registration_state: consoleRegistrationState(row, now),
    meeting: {
      _id: toWireId(meeting.id),
      title: meeting.title,
      cover: meeting.cover,
      time_zone: meeting.timeZone,
    },
  };
}

/**
 * The share link of a registration channel: the activity page with `source_id` on PUBLIC_URL
 * (public-links.ts; the web's activityPaths.activity.detail), so registrations through it count
 * towards the channel.
 */
export function sourceShareUrl(
  config: Pick<Config, 'PUBLIC_URL'>,
  input: { meetingId: string; activityId: string; sourceId: string },
): string {
  return publicLink(config, '/#/meeting/activity/detail', {
    activity_id: input.activityId,
    meeting_id: input.meetingId,
    source_id: input.sourceId,
  });
}

/** A source in the console's wire form, with its share link. */
export function toConsoleSource(
  config: Pick<Config, 'PUBLIC_URL'>,
  meetingId: string,
  row: SourceRow,
): ConsoleActivitySource {
  return {
    ...toWireSource(row),
    share_url: sourceShareUrl(config, { meetingId, activityId: row.activityId, sourceId: row.id }),
  };
}
