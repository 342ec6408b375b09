import { api } from '../../../lib/api/api.ts';

export type CodePurpose = 'login' | 'bind' | 'change';
export type SentCode = { ok: 1; expires_in: number; resend_after: number };

/** POST /texts/code: an SMS code to a phone (§7 Login). 429 'Do not operate frequently!' with Retry-After. */
export function sendSmsCode(input: {
  phone: string;
  areaCode: string;
  meetingId: string;
  purpose: CodePurpose;
  lang: string;
}): Promise<SentCode> {
  return api.post<SentCode>('/texts/code', {
    phone: input.phone,
    area_code: input.areaCode,
    meeting_id: input.meetingId,
    purpose: input.purpose,
    lang: input.lang,
  });
}

/** POST /mails/code: a mail code to an e-mail address (§7 Login). */
export function sendMailCode(input: {
  email: string;
  meetingId: string;
  purpose: CodePurpose;
  lang: string;
}): Promise<SentCode> {
  return api.post<SentCode>('/mails/code', {
    email: input.email,
    meeting_id: input.meetingId,
    purpose: input.purpose,
    lang: input.lang,
  });
}
