import type { getInvitationPoster } from '@app/contracts';
import { fillPath } from '../../../lib/api/api.ts';
import { withQuery } from '../../../lib/paths.ts';

const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api';

/**
 * URL of GET /meetings/{id}/invitation.png (public, no Apikey: used as `<img src>` and as a download
 * link): the 750×1334 invitation poster of an enterprise in `lang`; `download` answers it as an
 * attachment.
 */
export function invitationPosterUrl(
  meetingId: string,
  enterpriseId: string,
  options: { lang: string; download?: boolean },
): string {
  const path = fillPath<typeof getInvitationPoster>('/meetings/:id/invitation.png', { id: meetingId });
  return withQuery(`${apiBase}${path}`, {
    enterprise_id: enterpriseId,
    lang: options.lang,
    download: options.download ? '1' : undefined,
  });
}
