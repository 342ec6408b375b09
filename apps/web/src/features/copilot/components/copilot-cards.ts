import { activityPaths } from '../../../lib/activity-paths.ts';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { newsPaths } from '../../../lib/news-paths.ts';
import { pagesPaths } from '../../../lib/pages-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { peoplePaths } from '../../../lib/people-paths.ts';
import type { CopilotCard } from '../api/copilot.ts';

/** A text value of a card's `extra`, or undefined. */
const extraText = (card: CopilotCard, key: string): string | undefined => {
  const value = card.extra?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Where a copilot card leads (§1 AI copilot: cards open the items they cite, by the typed paths of
 * DESIGN §4.8): an item's detail page; a document's file opened in the browser; a free appointment
 * slot the exhibitor's booking page with that slot chosen — the copilot books nothing, the visitor
 * does; an FAQ entry nowhere (its text is the card).
 */
export function cardTarget(card: CopilotCard, meetingId: string): { to: string } | { href: string } | null {
  const id = card.id;
  switch (card.type) {
    case 'agenda':
      return { to: paths.agenda.details({ meetingId, agendaId: id }) };
    case 'speaker':
      return { to: paths.speaker.details({ meetingId, speakerId: id }) };
    case 'exhibitor':
      return { to: paths.enterprise({ meetingId, enterpriseId: extraText(card, 'enterprise_id') ?? id }) };
    case 'product':
      return { to: paths.product({ meetingId, productId: id }) };
    case 'news':
      return { to: newsPaths.detail({ meetingId, newsId: id }) };
    case 'page':
      return { to: pagesPaths.introduction({ meetingId, contentId: id }) };
    case 'activity':
      return { to: activityPaths.activity.detail({ meetingId, activityId: id }) };
    case 'user':
      return { to: peoplePaths.user({ meetingId, userId: id }) };
    case 'slot': {
      const enterpriseId = extraText(card, 'enterprise_id') ?? extraText(card, 'exhibitor_id');
      if (!enterpriseId) return null;
      return {
        to: appointmentPaths.apply({ meetingId, enterpriseId, scheduleId: extraText(card, 'schedule_id') }),
      };
    }
    case 'document':
      return { href: `/api/meeting/attachments/${encodeURIComponent(id)}/file?disposition=inline` };
    case 'faq':
      return null;
  }
}
