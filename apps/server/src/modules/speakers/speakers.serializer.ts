import type { Speaker } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { flag, wireIdOrNull } from '../../db/wire.ts';
import type { SpeakerRow } from './speakers.repository.ts';

/** A speaker row in wire form. */
export function toWireSpeaker(row: SpeakerRow): Speaker {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    name: row.name,
    work_title: row.workTitle,
    company: row.company,
    photo: row.photo,
    biography: row.biography,
    category_id: wireIdOrNull(row.categoryId),
    user_id: wireIdOrNull(row.userId),
    links: row.links,
    weight: row.weight,
    agendas_total: row.agendasTotal,
    deleted: flag(row.deleted),
  };
}
