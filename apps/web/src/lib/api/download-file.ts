import { appVersion } from '@app/contracts/wire/limits.ts';
import { getClockOffset, getDeviceId, getSession } from '../session.ts';
import { ApiError } from './client.ts';
import { signRequest } from './sign-request.ts';

/**
 * GET of a file the API answers only to a signed, logged-in call (an invoice or receipt PDF, §7:
 * Apikey, device-id, client-id, version, Authorization), saved by the browser under `fileName`. The
 * typed client reads answers as text, so this reads the body as a blob.
 * @param path the API path without the `/api` base, e.g. `/invoices/<id>/pdf`
 * @throws ApiError with the answer's code and message (404 not_found …), or status 0 on a network error
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const base = import.meta.env.VITE_API_BASE ?? '/api';
  const pathWithQuery = `${base}${path}`;
  const deviceId = getDeviceId();
  const session = getSession();
  const timestamp = Math.floor((Date.now() + getClockOffset()) / 1000);
  const headers: Record<string, string> = {
    Apikey: await signRequest({
      salt: import.meta.env.VITE_APIKEY_SALT ?? 'meeting-platform-apikey-salt-v1',
      method: 'GET',
      pathWithQuery,
      timestamp,
      deviceId,
    }),
    'device-id': deviceId,
    'client-id': session.userId || deviceId,
    version: appVersion,
  };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(pathWithQuery, { headers });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(
      response.status,
      payload.code ?? response.status,
      payload.message ?? response.statusText,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
