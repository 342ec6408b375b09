import type { User } from '@app/contracts';
import { toWireId } from '@app/contracts';
import type { UserRow } from './users.repository.ts';

/**
 * A user row on the wire (§3 User). Contact fields (phone, area_code, contact.email) only for the user
 * themself and their connected friends (§6 "only connected friends see contact details"); linked
 * identities and the pending friend-application count only for the user themself. The stored E.164
 * phone is shown as its national number next to `area_code`.
 */
export function toWireUser(
  row: UserRow,
  options: { isSelf: boolean; isConnected?: boolean; providers?: string[] },
): User {
  const { isSelf } = options;
  const seesContact = isSelf || options.isConnected === true;
  const national = row.phone && row.areaCode ? row.phone.slice(row.areaCode.length + 1) : '';
  return {
    _id: toWireId(row.id),
    username: row.username,
    avatar: row.avatar,
    phone: seesContact ? national : '',
    area_code: seesContact ? (row.areaCode ?? '') : '',
    contact: { email: seesContact ? (row.email ?? '') : '' },
    language: row.language ?? '',
    wechat_credentials: isSelf && options.providers?.includes('wechat') ? 1 : 0,
    new_friend_application_total: isSelf ? row.newFriendApplicationTotal : 0,
    work: { title: row.workTitle, company: row.workCompany },
  };
}
