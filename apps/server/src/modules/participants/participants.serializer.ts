import {
  type ConsolePerson,
  type LocalizedText,
  type PersonCard,
  type PersonConnection,
  type PersonPage,
  toWireId,
} from '@app/contracts';
import { flag, unix } from '../../db/wire.ts';
import type { ConsolePersonRow, PersonRow } from './participants.repository.ts';

/** A person as the directory and recommendations show them (§2 /meeting/connection; no contacts). */
export function toPersonCard(row: PersonRow, connection: PersonConnection): PersonCard {
  return {
    _id: toWireId(row.userId),
    username: row.username,
    avatar: row.avatar,
    work: { title: row.workTitle, company: row.workCompany },
    tags: row.tags,
    membership_level: row.membershipLevel ?? null,
    industry:
      row.industryId && row.industryTitle !== null
        ? { _id: toWireId(row.industryId), title: row.industryTitle as LocalizedText }
        : null,
    special_identity_label: row.specialIdentity === 1 ? row.specialIdentityLabel : '',
    connection,
  };
}

/**
 * The user page (§2 /meeting/user). Contacts (§6) only when `connection` is 'self' or 'connected';
 * the E.164 phone as stored, its calling code beside it.
 */
export function toPersonPage(row: PersonRow, connection: PersonConnection): PersonPage {
  const seesContact = connection === 'self' || connection === 'connected';
  return {
    ...toPersonCard(row, connection),
    introduction: row.introduction,
    exposure: flag(row.exposure),
    special_identity: flag(row.specialIdentity),
    card_exchange: flag(row.cardExchange),
    contact: seesContact
      ? { phone: row.phone ?? '', area_code: row.areaCode ?? '', email: row.email ?? '' }
      : null,
  };
}

/** A console row (organisers see contacts, §6). */
export function toConsolePerson(row: ConsolePersonRow): ConsolePerson {
  return {
    user_id: toWireId(row.userId),
    username: row.username,
    avatar: row.avatar,
    phone: row.phone ?? '',
    email: row.email ?? '',
    work: { title: row.workTitle, company: row.workCompany },
    is_participant: row.isParticipant ? 1 : 0,
    exposure: flag(row.exposure),
    card_exchange: flag(row.cardExchange),
    special_identity: flag(row.specialIdentity),
    special_identity_label: row.specialIdentityLabel,
    membership_level: row.membershipLevel ?? null,
    tags: row.tags,
    industry_id: row.industryId ? toWireId(row.industryId) : null,
    introduction: row.introduction,
    created: unix(row.joinedAt),
  };
}
