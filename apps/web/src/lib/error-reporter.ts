import { appVersion } from '@app/contracts/wire/limits.ts';

/**
 * Client error reports (§9 "Error-report sampling 10 percent"): uncaught errors, unhandled promise
 * rejections and errors caught by React error boundaries are sent, one in ten, to
 * POST /api/client_errors, which logs them. Kept tiny: it loads with every page's first script.
 */

/** §9: one report in ten is sent. */
export const errorSampleRate = 0.1;
/** At most this many reports leave one page load (a render loop must not flood the server). */
const maxReportsPerPage = 5;
let sent = 0;

type ErrorKind = 'error' | 'unhandledrejection' | 'boundary';

/** The page address without a `token` value (§2: a token in the query is a session). */
const safeUrl = (): string => location.href.replace(/([?&]token=)[^&#]*/gi, '$1-').slice(0, 2048);

/**
 * Sends one report when the sample draws it (`random` < 10 %): kind, message, stack, page address,
 * app version and, for a boundary, React's component stack. Never throws, never retries.
 */
export function reportClientError(
  kind: ErrorKind,
  error: unknown,
  componentStack?: string | null,
  random: () => number = Math.random,
): void {
  if (sent >= maxReportsPerPage || random() >= errorSampleRate) return;
  sent += 1;
  const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown'));
  try {
    void fetch(`${import.meta.env.VITE_API_BASE ?? '/api'}/client_errors`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind,
        message: (cause.message || cause.name || 'error').slice(0, 1000),
        stack: cause.stack?.slice(0, 8000),
        url: safeUrl(),
        version: appVersion,
        component_stack: componentStack?.slice(0, 4000) || undefined,
      }),
    }).catch(() => undefined);
  } catch {
    // Reporting must never add an error of its own.
  }
}

/** Listens for uncaught errors and unhandled rejections of the page (main.tsx calls it once). */
export function installErrorReporter(): void {
  addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => reportClientError('unhandledrejection', event.reason));
}
