import { type ConsoleLive, type LiveStateName, type LiveSummary, toWireId } from '@app/contracts';
import { liveStateOf } from '@app/domain';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type { LiveRow } from './lives.permission.ts';

/** §4 shown state of a live at `now` (paused only while ongoing; replay once ended with a recording). */
export function liveStateAt(
  live: Pick<LiveRow, 'start' | 'end' | 'paused' | 'replayUrl'>,
  now: Date,
): LiveStateName {
  return liveStateOf(
    {
      start: unix(live.start),
      end: unix(live.end),
      paused: flag(live.paused),
      has_replay: live.replayUrl ? 1 : 0,
    },
    unix(now),
  );
}

/** What the list adds to a live row: sessions, online viewers, the pass price. */
export type LiveSummaryExtras = {
  agendaIds: string[];
  online: number;
  /** Cents when the live is sold ('paid' with a live price), else null. */
  price: number | null;
  currency: string | null;
  now: Date;
};

/** A live as GET /lives shows it (§3 Live). Never carries the stream address. */
export function toLiveSummary(live: LiveRow, extras: LiveSummaryExtras): LiveSummary {
  return {
    _id: toWireId(live.id),
    meeting_id: toWireId(live.meetingId),
    title: live.title,
    description: live.description,
    cover: live.cover,
    start: unix(live.start),
    end: unix(live.end),
    enable_show: flag(live.enableShow),
    state: liveStateAt(live, extras.now),
    access: live.access,
    activity_id: wireIdOrNull(live.activityId),
    agenda_ids: extras.agendaIds.map(toWireId),
    chat_enabled: flag(live.chatEnabled),
    price: extras.price,
    currency: extras.price === null ? null : extras.currency,
    online: extras.online,
    now: unix(extras.now),
  };
}

/** What the console adds to a live row: sessions and figures. */
export type ConsoleLiveExtras = {
  agendaIds: string[];
  online: number;
  subscribers: number;
  now: Date;
};

/** A live as the console sees it (console-lives contracts), with its figures. */
export function toConsoleLive(live: LiveRow, extras: ConsoleLiveExtras): ConsoleLive {
  return {
    _id: toWireId(live.id),
    title: live.title,
    description: live.description,
    cover: live.cover,
    start: unix(live.start),
    end: unix(live.end),
    enable_show: flag(live.enableShow),
    weight: live.weight,
    paused: flag(live.paused),
    state: liveStateAt(live, extras.now),
    source_kind: live.sourceKind,
    source_url: live.sourceUrl,
    replay_url: live.replayUrl,
    access: live.access,
    activity_id: wireIdOrNull(live.activityId),
    price_id: wireIdOrNull(live.priceId),
    agenda_ids: extras.agendaIds.map(toWireId),
    chat_enabled: flag(live.chatEnabled),
    online: extras.online,
    viewer_total: live.viewerTotal,
    viewer_peak: live.viewerPeak,
    chat_total: live.chatTotal,
    subscriber_total: extras.subscribers,
    updated: unix(live.updatedAt),
  };
}
