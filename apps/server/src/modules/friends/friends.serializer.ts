import type { ConnectionState, FriendApplication, FriendPerson } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { unix } from '../../db/wire.ts';
import type { ApplicationRow, PersonRow } from './friends.repository.ts';

/** Whether a viewer in `state` with a person may see their contact details (§6: self or connected). */
export function seesContact(state: ConnectionState): boolean {
  return state === 'self' || state === 'connected';
}

/** The national number of an E.164 phone stored with its calling code ('' when none). */
export function nationalPhone(phone: string | null, areaCode: string | null): string {
  return phone && areaCode ? phone.slice(areaCode.length + 1) : '';
}

/** A person on the wire; phone, area_code and email only when `state` allows (§6). */
export function toFriendPerson(row: PersonRow, state: ConnectionState): FriendPerson {
  const shows = seesContact(state);
  return {
    _id: toWireId(row.id),
    username: row.username,
    avatar: row.avatar,
    work: { title: row.workTitle, company: row.workCompany },
    phone: shows ? nationalPhone(row.phone, row.areaCode) : '',
    area_code: shows ? (row.areaCode ?? '') : '',
    email: shows ? (row.email ?? '') : '',
    connection: state,
  };
}

/** A removed or disabled account in an old application. */
function goneFriendPerson(id: string): FriendPerson {
  return {
    _id: toWireId(id),
    username: '',
    avatar: '',
    work: { title: '', company: '' },
    phone: '',
    area_code: '',
    email: '',
    connection: 'none',
  };
}

/** An application on the wire, its two persons with the viewer's state towards each. */
export function toFriendApplication(
  row: ApplicationRow,
  people: Map<string, PersonRow>,
  states: Map<string, ConnectionState>,
): FriendApplication {
  const person = (id: string) => {
    const found = people.get(id);
    return found ? toFriendPerson(found, states.get(id) ?? 'none') : goneFriendPerson(id);
  };
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    applicant: person(row.applicantId),
    target: person(row.targetId),
    message: row.message,
    status: row.status,
    created: unix(row.createdAt),
    responded_at: row.respondedAt ? unix(row.respondedAt) : null,
  };
}
