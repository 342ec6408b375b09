import type {
  CredentialKind,
  CredentialRule,
  getMyCredential,
  RecognisedIdCard,
  recogniseIdCard,
  saveUserCredential,
  UserCredential,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** Query key of the caller's credential of a meeting (refreshed after saving). */
export const credentialKey = (meetingId: string) => ['credentials', 'mine', meetingId] as const;

/** GET /user_credentials/mine: the caller's credential (masked) or null, and the meeting's rule. */
export const useMyCredential = (meetingId: string) =>
  useQuery({
    queryKey: credentialKey(meetingId),
    queryFn: () =>
      api.get<{ credential: UserCredential | null; rule: CredentialRule }>(
        contractPath<typeof getMyCredential>('/user_credentials/mine'),
        { meeting_id: meetingId },
      ),
  });

/**
 * POST /user_credentials: creates or replaces the caller's credential. 400 id_number.invalid /
 * credential.kind_not_accepted; 409 id_number.exists.
 */
export function saveCredential(body: {
  meeting_id: string;
  kind: CredentialKind;
  name: string;
  number: string;
  country?: string | undefined;
  source: 'manual' | 'ocr';
}): Promise<{ credential: UserCredential }> {
  const { country, ...rest } = body;
  return api.post(contractPath<typeof saveUserCredential>('/user_credentials'), {
    ...rest,
    ...(country ? { country } : {}),
  });
}

/**
 * GET /ocrs/idcard?key=: name and number read from an uploaded photo. 422 ocr.unsupported (§5);
 * 503 ocr.unavailable (type it in).
 */
export function recogniseCard(key: string, meetingId: string): Promise<RecognisedIdCard> {
  return api.get<RecognisedIdCard>(contractPath<typeof recogniseIdCard>('/ocrs/idcard'), {
    key,
    meeting_id: meetingId,
  });
}
