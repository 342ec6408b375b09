import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the fake SMTP server received: envelope and the raw RFC 5322 text. */
export type ReceivedMail = { from: string; to: string[]; raw: string; user: string };

export type FakeSmtp = { url: string; received: ReceivedMail[]; close: () => Promise<void> };

/**
 * A local SMTP server (smtp-server) that requires AUTH PLAIN/LOGIN with the given user and password
 * and keeps every message it receives. No STARTTLS (plain localhost), so the URL is smtp://.
 */
export async function startFakeSmtp(options: { user: string; password: string }): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: String(session.user ?? ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
