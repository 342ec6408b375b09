import type { FriendPerson } from '@app/contracts';
import type { TFunction } from 'i18next';

/** A person's name to show: their username, else their phone when visible (§6), else 'Participant'. */
export function displayName(
  person: Pick<FriendPerson, 'username' | 'phone' | 'area_code'>,
  t: TFunction<'friends'>,
): string {
  if (person.username.trim()) return person.username;
  if (person.phone) return `+${person.area_code} ${person.phone}`;
  return t('contact.unnamed');
}
