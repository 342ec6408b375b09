import type { OutboxMessage } from '@app/contracts';
import type { App } from '../app-types.ts';
import { isOutboxEnabled, listOutbox } from '../modules/messages/messages.service.ts';

/** Seconds between automatic reloads of the page. */
const refreshSeconds = 3;

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

function messageHtml(message: OutboxMessage): string {
  const code = /(?<!\d)\d{6}(?!\d)/.exec(`${message.subject} ${message.body}`)?.[0];
  const time = new Date(message.created * 1000).toISOString().replace('T', ' ').slice(0, 19);
  return `<li>
  <div class="meta">${escapeHtml(message.channel === 'sms' ? 'SMS' : 'Mail')} · ${escapeHtml(time)} UTC · to <b>${escapeHtml(message.recipient)}</b></div>
  ${code ? `<div class="code">${escapeHtml(code)}</div>` : ''}
  ${message.subject ? `<div class="subject">${escapeHtml(message.subject)}</div>` : ''}
  <pre>${escapeHtml(message.body)}</pre>
</li>`;
}

/** The outbox as a small self-refreshing HTML page. */
export function outboxPage(messages: OutboxMessage[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${refreshSeconds}">
<meta name="robots" content="noindex">
<title>Outbox (development)</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 46rem; padding: 1rem; color: #222; }
h1 { font-size: 1.3rem; } ul { list-style: none; padding: 0; }
li { border: 1px solid #ddd; border-radius: 8px; padding: .75rem 1rem; margin: .75rem 0; }
.meta { color: #666; font-size: .85rem; } .subject { font-weight: 600; }
.code { font: 700 2.4rem/1.2 ui-monospace, monospace; letter-spacing: .25em; margin: .3rem 0; }
pre { white-space: pre-wrap; margin: .3rem 0 0; font: inherit; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>SMS and e-mails this server sent (latest ${messages.length}, newest first). Reloads every ${refreshSeconds} s. Only on development servers.</p>
${messages.length === 0 ? '<p><i>Nothing sent yet.</i></p>' : `<ul>\n${messages.map(messageHtml).join('\n')}\n</ul>`}
</body>
</html>
`;
}

/**
 * GET /dev/outbox: the developer's view of the outbox (codes shown large), so whoever runs
 * `npm start` can log in without an SMS or mail account. Exists only where isOutboxEnabled (not in
 * production unless DEV_OUTBOX=1). Registered on the root app, outside /api (no Apikey: a browser
 * opens it directly); a static route, so the web app's wildcard does not shadow it.
 */
export function registerDevOutbox(app: App): void {
  const { db, config } = app.deps;
  if (!isOutboxEnabled(config)) return;
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listOutbox({ db });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(outboxPage(messages));
  });
}
