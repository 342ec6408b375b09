import type { Config } from '../../config.ts';

/**
 * Absolute links that leave the server — in SMS, mail, calendar (.ics) files, share links and
 * posters, OAuth redirects, invitation and one-time links — are built here and only here, from the
 * configured PUBLIC_URL. Never from the request: a forged `Host` (or `X-Forwarded-Host`) header
 * would otherwise poison the links a victim receives, e.g. send an invitation or a password link to
 * an attacker's host. Meeting domains (§3 Meeting.domain) pick a meeting for a visitor but are not
 * verified as ours, so links do not use them either.
 */

/**
 * The origin (and path prefix, if PUBLIC_URL has one) every link starts with: PUBLIC_URL without
 * its trailing slashes, e.g. `https://expo.example.org` or `https://example.org/expo`.
 */
export function publicBase(config: Pick<Config, 'PUBLIC_URL'>): string {
  return config.PUBLIC_URL.replace(/\/+$/, '');
}

/**
 * An absolute link to `path` on the public address (see the module comment).
 *
 * @param path a server path (`/api/calendars/x.ics`) or a web-app route with its hash
 *   (`/#/appointment`); a leading slash is added when missing
 * @param query optional query parameters, appended after the path (after the hash route for web-app
 *   routes, which is where the web app reads them); undefined and empty values are left out
 * @returns e.g. `https://expo.example.org/#/appointment?appointment_id=…&meeting_id=…`
 */
export function publicLink(
  config: Pick<Config, 'PUBLIC_URL'>,
  path: string,
  query: Record<string, string | undefined> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return `${publicBase(config)}${path.startsWith('/') ? path : `/${path}`}${text ? `?${text}` : ''}`;
}

/**
 * The start-up notice about where links point: which address messages will carry and, when
 * PUBLIC_URL was not set (`env.PUBLIC_URL` empty), how to set it — a server reached as
 * https://expo.example.org must not send links to http://localhost:8080.
 * @returns `{ level: 'warn' | 'info', message }` for the log
 */
export function publicUrlNotice(
  config: Pick<Config, 'PUBLIC_URL'>,
  env: NodeJS.ProcessEnv,
): { level: 'warn' | 'info'; message: string } {
  const base = publicBase(config);
  if (env.PUBLIC_URL?.trim()) {
    return {
      level: 'info',
      message: `links in messages, calendars and invitations use ${base} (PUBLIC_URL)`,
    };
  }
  return {
    level: 'warn',
    message:
      `PUBLIC_URL is not set: links in SMS, mail, calendars and invitations will point to ${base}, ` +
      'which only works on this machine. Set PUBLIC_URL to the address people use, e.g. ' +
      'PUBLIC_URL=https://expo.example.org npm start',
  };
}
