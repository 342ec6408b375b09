import type { Agenda } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { flag, unix } from '../../db/wire.ts';
import type { AgendaLiveRow, AgendaRow } from './agendas.repository.ts';

function groupBy<T extends { agendaId: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.agendaId);
    if (list) list.push(row);
    else map.set(row.agendaId, [row]);
  }
  return map;
}

/**
 * Agenda rows with their speakers, shown activities (and lives, when given) in wire form (times in
 * unix seconds). `lives` undefined leaves the field out (with_lives not asked); so do texts the rows
 * were read without (abstract, description).
 */
export function toWireAgendas(rows: AgendaRow[], liveRows?: AgendaLiveRow[]): Agenda[] {
  const livesByAgenda = liveRows ? groupBy(liveRows) : undefined;
  return rows.map((row) => ({
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    title: row.title,
    subtitle: row.subtitle,
    ...(row.abstract !== undefined ? { abstract: row.abstract } : {}),
    ...(row.description !== undefined ? { description: row.description } : {}),
    type: row.type,
    language: row.language,
    start: unix(row.start),
    end: unix(row.end),
    room: row.room ? { _id: toWireId(row.room.id), name: row.room.name } : null,
    track: row.track ? { _id: toWireId(row.track.id), name: row.track.name, color: row.track.color } : null,
    speakers: row.speakers.map((speaker) => ({
      _id: toWireId(speaker.id),
      name: speaker.name,
      photo: speaker.photo,
      work_title: speaker.workTitle,
      company: speaker.company,
    })),
    links: row.links,
    attachments: row.attachments,
    url: row.url,
    slug: row.slug,
    guid: row.guid,
    logo: row.logo,
    do_not_record: row.doNotRecord,
    enable_show: flag(row.enableShow),
    deleted: flag(row.deleted),
    activities: row.activities.map((activity) => ({
      _id: toWireId(activity.id),
      title: activity.title,
      cover: activity.cover,
      start: activity.start,
      end: activity.end,
    })),
    ...(livesByAgenda
      ? {
          lives: (livesByAgenda.get(row.id) ?? []).map((live) => ({
            _id: toWireId(live.id),
            title: live.title,
            cover: live.cover,
            start: unix(live.start),
            end: unix(live.end),
            enable_show: flag(live.enableShow),
          })),
        }
      : {}),
  }));
}
