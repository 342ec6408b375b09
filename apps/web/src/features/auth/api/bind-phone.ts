import type { User } from '@app/contracts';
import { api } from '../../../lib/api/api.ts';

/** PUT /users/{id} with phone + code: binds a phone to the logged-in account (§2 /bind, §5). */
export function bindPhoneToAccount(input: {
  userId: string;
  phone: string;
  areaCode: string;
  code: string;
}): Promise<User> {
  return api.put<User>(`/users/${encodeURIComponent(input.userId)}`, {
    phone: input.phone,
    area_code: input.areaCode,
    code: input.code,
  });
}
