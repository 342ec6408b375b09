import type { applyToExhibit, ExhibitorApplicationBody } from '@app/contracts';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * POST /meetings/{id}/exhibitor/apply: stores an application to exhibit. Fails with 400
 * phone.invalid / email.invalid, 401 login.required.
 */
export function applyToExhibitAt(
  meetingId: string,
  body: Partial<ExhibitorApplicationBody> &
    Pick<ExhibitorApplicationBody, 'company' | 'contact_name' | 'phone'>,
): Promise<{ _id: { $id: string }; created: number }> {
  return api.post(fillPath<typeof applyToExhibit>('/meetings/:id/exhibitor/apply', { id: meetingId }), body);
}
