import type { LoginResult } from '@app/contracts';
import { desc, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.ts';
import { outboxMessages } from '../src/modules/messages/messages.tables.ts';
import type { TestApp } from './test-app.ts';

let visitors = 0;
/** A different client address per call: tests stand for many visitors, not one flooding IP. */
const visitorAddress = () => {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
};

/** The 6-digit code of the newest outbox message to a recipient (E.164 phone or e-mail). */
export async function latestCode(database: DatabaseHandle, recipient: string): Promise<string> {
  const [row] = await database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

/** Sends an SMS code (any purpose) to a mainland mobile and returns it from the outbox. */
export async function smsCode(
  t: TestApp,
  input: { meetingId: string; phone: string; purpose?: 'login' | 'bind' | 'change' },
): Promise<string> {
  const sent = await t.call('POST', '/api/texts/code', {
    remoteAddress: visitorAddress(),
    form: {
      phone: input.phone,
      area_code: '86',
      meeting_id: input.meetingId,
      purpose: input.purpose ?? 'login',
    },
  });
  if (sent.statusCode !== 200) throw new Error(`POST /texts/code answered ${sent.statusCode}: ${sent.body}`);
  return latestCode(t.database, `+86${input.phone}`);
}

/** Sends a mail code and returns it from the outbox. */
export async function mailCode(
  t: TestApp,
  input: { meetingId: string; email: string; purpose?: 'login' | 'bind' | 'change' },
): Promise<string> {
  const sent = await t.call('POST', '/api/mails/code', {
    remoteAddress: visitorAddress(),
    form: { email: input.email, meeting_id: input.meetingId, purpose: input.purpose ?? 'login' },
  });
  if (sent.statusCode !== 200) throw new Error(`POST /mails/code answered ${sent.statusCode}: ${sent.body}`);
  return latestCode(t.database, input.email.toLowerCase());
}

/** Logs in with a mainland mobile through the real code flow (POST /texts/code, outbox, /tokens/phone). */
export async function loginByPhone(t: TestApp, meetingId: string, phone: string): Promise<LoginResult> {
  const code = await smsCode(t, { meetingId, phone });
  const response = await t.call('POST', '/api/tokens/phone', {
    remoteAddress: visitorAddress(),
    form: { phone, area_code: '86', code, meeting_id: meetingId },
  });
  if (response.statusCode !== 200)
    throw new Error(`POST /tokens/phone answered ${response.statusCode}: ${response.body}`);
  return response.json() as LoginResult;
}

/** `Authorization` header of a login. */
export const bearer = (login: LoginResult) => ({ authorization: `Bearer ${login.token}` });
