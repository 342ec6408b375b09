import type { Meeting, MeetingDay } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { flag, unix } from '../../db/wire.ts';
import type { MeetingRow } from './meetings.repository.ts';

function days(row: MeetingRow): MeetingDay[] {
  return (row.schedule?.days ?? []).map((day) => ({
    index: day.index,
    date: day.date,
    start: Math.floor(Date.parse(day.day_start) / 1000),
    end: Math.floor(Date.parse(day.day_end) / 1000),
  }));
}

/** A meeting row in its §3 wire form (times in unix seconds, ids as `{ $id }`). */
export function toWireMeeting(row: MeetingRow): Meeting {
  return {
    _id: toWireId(row.id),
    title: row.title,
    description: row.description,
    acronym: row.acronym,
    domain: row.domain,
    start: unix(row.start),
    end: unix(row.end),
    time_zone: row.timeZone,
    venue: row.venue,
    cover: row.cover,
    limits: { type: row.limitsType },
    allow_guest_view: flag(row.allowGuestView),
    config: row.config,
    exhibition: row.exhibition,
    days: days(row),
    appointments: row.appointments,
    old: row.old,
    block_release_version: row.blockReleaseVersion,
    block_draft_version: row.blockDraftVersion,
    activity_provider_id: row.activityProviderId,
    wechat_authorize: { authorizer_appid: row.wechatAuthorizerAppid },
    activities: row.activities,
    views_total: row.viewsTotal,
    deleted: flag(row.deleted),
  };
}
