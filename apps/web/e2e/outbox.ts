import { signApikey } from '@app/contracts/wire/apikey.ts';

/** The server's default Apikey salt (the test server runs with it). */
const apikeySalt = 'meeting-platform-apikey-salt-v1';

/**
 * The newest code the developer outbox (`GET /api/texts`, signed like the app signs) holds for a
 * recipient (E.164 phone or e-mail), polled for up to 5 s.
 */
export async function outboxCode(serverUrl: string, recipient: string): Promise<string> {
  const path = '/api/texts';
  const deviceId = 'e2e-outbox-reader';
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${serverUrl}${path}`, {
      headers: {
        'device-id': deviceId,
        apikey: signApikey({
          salt: apikeySalt,
          method: 'GET',
          pathWithQuery: path,
          timestamp: Math.floor(Date.now() / 1000),
          deviceId,
        }),
      },
    });
    const { results } = (await response.json()) as { results: { recipient: string; body: string }[] };
    const message = results.find((item) => item.recipient === recipient);
    const code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
    if (code) return code;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no code for ${recipient} in the outbox`);
}

/** Every message the developer outbox (`GET /api/texts`) holds now, newest first. */
export async function outboxMessages(
  serverUrl: string,
): Promise<{ channel: string; recipient: string; subject: string; body: string }[]> {
  const path = '/api/texts';
  const deviceId = 'e2e-outbox-reader';
  const response = await fetch(`${serverUrl}${path}`, {
    headers: {
      'device-id': deviceId,
      apikey: signApikey({
        salt: apikeySalt,
        method: 'GET',
        pathWithQuery: path,
        timestamp: Math.floor(Date.now() / 1000),
        deviceId,
      }),
    },
  });
  const { results } = (await response.json()) as {
    results: { channel: string; recipient: string; subject: string; body: string }[];
  };
  return results;
}
