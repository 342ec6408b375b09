import type { User } from '@app/contracts';
import { api } from '../../../lib/api/api.ts';

/** GET /users/me: who just logged in (to ask for a phone when the account has none). */
export function fetchCurrentUser(): Promise<User> {
  return api.get<User>('/users/me');
}
