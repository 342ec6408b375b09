import type { recordEnterpriseInvite } from '@app/contracts';
import { invitationAttributionParam } from '@app/contracts/share/share-links.ts';
import { api, fillPath } from './api/api.ts';
import { readStored, writeStored } from './storage.ts';

/**
 * Invitation attribution (§7 POST /enterprises/{id}/invites): a visitor who opens an enterprise's
 * page through its invitation poster (`invited_by=<enterprise id>` in the QR link) is recorded for
 * that enterprise, and the enterprise is remembered on the device for the meeting. When the visitor
 * later registers (logged in), the registration page records the visit again so the server knows the
 * user behind the device, and the registration is counted for the enterprise.
 */

export { invitationAttributionParam };

/** Stored client value (§3): `{ enterprise id, meeting id }` of the last invitation followed. */
const storageKey = 'invited_by';

type StoredInvitation = { enterpriseId: string; meetingId: string };

function readInvitation(): StoredInvitation | undefined {
  try {
    const value = JSON.parse(readStored(storageKey) ?? 'null') as Partial<StoredInvitation> | null;
    return value?.enterpriseId && value.meetingId
      ? { enterpriseId: value.enterpriseId, meetingId: value.meetingId }
      : undefined;
  } catch {
    return undefined;
  }
}

function post(invitation: StoredInvitation): void {
  const path = fillPath<typeof recordEnterpriseInvite>('/enterprises/:id/invites', {
    id: invitation.enterpriseId,
  });
  // `user_id` '' becomes the device id (§7); failures never block the visitor.
  api.post(path, { meeting_id: invitation.meetingId, user_id: '' }).catch(() => {});
}

/** Records a visit that came through the enterprise's invitation and remembers it for the meeting. */
export function followInvitation(enterpriseId: string, meetingId: string): void {
  writeStored(storageKey, JSON.stringify({ enterpriseId, meetingId }));
  post({ enterpriseId, meetingId });
}

/**
 * Records the remembered invitation of `meetingId` again (the visitor is now logged in, so the
 * server links the user to the device's visit); nothing when the device followed none there.
 */
export function confirmInvitation(meetingId: string): void {
  const invitation = readInvitation();
  if (invitation?.meetingId === meetingId) post(invitation);
}
