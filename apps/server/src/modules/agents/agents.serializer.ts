import type { Agent, Ticket } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { unix } from '../../db/wire.ts';
import type { AgentRow } from './agents.repository.ts';

/** The national number of a stored E.164 phone with its calling code ('+8613800138000', '86'). */
export function nationalNumber(e164: string, areaCode: string): string {
  const prefix = `+${areaCode}`;
  return e164.startsWith(prefix) ? e164.slice(prefix.length) : e164.replace(/^\+/, '');
}

/**
 * A group row in wire form (§3 Group): `phone` is the national number beside `area_code`; `data` the
 * answers to the form's group questions; `members` (tickets in wire form) and `activity` only when
 * given.
 */
export function toWireAgent(
  row: AgentRow,
  extra: { members?: Ticket[]; activity?: Agent['activity'] } = {},
): Agent {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    activity_id: toWireId(row.activityId),
    user_id: toWireId(row.userId),
    name: row.name,
    liaison: row.liaison,
    phone: nationalNumber(row.phone, row.areaCode),
    area_code: row.areaCode,
    email: row.email,
    data: row.answers,
    members_total: row.membersTotal,
    created: unix(row.createdAt),
    ...(extra.members ? { members: extra.members } : {}),
    ...(extra.activity ? { activity: extra.activity } : {}),
  };
}
