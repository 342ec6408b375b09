import { type Activity, type ActivityPrice, type ActivitySource, toWireId } from '@app/contracts';
import { type RegistrationActivity, toUnixSeconds } from '@app/domain';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type { ActivityMeetingRow, ActivityRow, PriceRow, SourceRow } from './activities.repository.ts';

/** A ticket type row in wire form (amount in cents, total null = no limit). */
export function toWirePrice(row: PriceRow): ActivityPrice {
  return {
    _id: toWireId(row.id),
    activity_id: toWireId(row.activityId),
    title: row.title,
    description: row.description,
    amount: row.amount,
    total: row.total,
    sold_total: row.soldTotal,
    max_per_agent: row.maxPerAgent,
    version: row.version,
    weight: row.weight,
    deleted: flag(row.deleted),
  };
}

/** A registration channel row in wire form (`max` 0 = no limit). */
export function toWireSource(row: SourceRow): ActivitySource {
  return {
    _id: toWireId(row.id),
    activity_id: toWireId(row.activityId),
    title: row.title,
    max: row.max,
    signup_total: row.signupTotal,
    default: flag(row.isDefault),
    deleted: flag(row.deleted),
  };
}

/**
 * An activity row in wire form (§3 Activity): times in unix seconds, `registration_start` and
 * `deadline` 0 when unset; `prices` are the given ticket types of this activity (rows of other
 * activities are skipped, the given order is kept — pass them by weight descending); `meeting` is
 * embedded when given (`with_meeting=1`).
 */
export function toWireActivity(row: ActivityRow, prices: PriceRow[], meeting?: ActivityMeetingRow): Activity {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    title: row.title,
    description: row.description,
    covers: row.covers,
    address: row.address,
    start: unix(row.start),
    end: unix(row.end),
    registration_start: row.registrationStart ? unix(row.registrationStart) : 0,
    deadline: row.deadline ? unix(row.deadline) : 0,
    max: row.max,
    ticket_total: row.ticketTotal,
    offline: flag(row.offline),
    enable_show: flag(row.enableShow),
    enable_registration_entrance: flag(row.enableRegistrationEntrance),
    is_review: flag(row.isReview),
    enable_resubmit_answer: flag(row.enableResubmitAnswer),
    enable_deadline_answer: flag(row.enableDeadlineAnswer),
    privacy: flag(row.privacy),
    enable_agent: flag(row.enableAgent),
    agent_checkout_version: row.agentCheckoutVersion === 'v2' ? 'v2' : 'v1',
    agent_max_members: row.agentMaxMembers,
    form_id: wireIdOrNull(row.formId),
    views_total: row.viewsTotal,
    weight: row.weight,
    deleted: flag(row.deleted),
    created: unix(row.createdAt),
    prices: prices.filter((price) => price.activityId === row.id).map(toWirePrice),
    ...(meeting
      ? {
          meeting: {
            _id: toWireId(meeting.id),
            title: meeting.title,
            cover: meeting.cover,
            time_zone: meeting.timeZone,
          },
        }
      : {}),
  };
}

/**
 * The activity fields `registrationState` (@app/domain) reads, from a row: wire names, times in
 * unix seconds with 0 for "not set" (§3 deadline 0 = none). One conversion for the tickets, groups
 * and forms services.
 */
export function registrationActivityOf(
  row: Pick<
    ActivityRow,
    | 'registrationStart'
    | 'deadline'
    | 'max'
    | 'ticketTotal'
    | 'isReview'
    | 'enableResubmitAnswer'
    | 'enableDeadlineAnswer'
    | 'enableRegistrationEntrance'
  >,
): RegistrationActivity {
  return {
    registration_start: row.registrationStart ? toUnixSeconds(row.registrationStart) : 0,
    deadline: row.deadline ? toUnixSeconds(row.deadline) : 0,
    max: row.max,
    ticket_total: row.ticketTotal,
    is_review: row.isReview === 1 ? 1 : 0,
    enable_resubmit_answer: row.enableResubmitAnswer === 1 ? 1 : 0,
    enable_deadline_answer: row.enableDeadlineAnswer === 1 ? 1 : 0,
    enable_registration_entrance: row.enableRegistrationEntrance === 1 ? 1 : 0,
  };
}
