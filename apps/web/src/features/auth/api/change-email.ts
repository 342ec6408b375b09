import type { User } from '@app/contracts';
import { api } from '../../../lib/api/api.ts';

/** PUT /users/{id}/email: moves the account to a new e-mail proven by a mail code (purpose change). */
export function changeEmail(input: { userId: string; email: string; code: string }): Promise<User> {
  return api.put<User>(`/users/${encodeURIComponent(input.userId)}/email`, {
    email: input.email,
    code: input.code,
  });
}
