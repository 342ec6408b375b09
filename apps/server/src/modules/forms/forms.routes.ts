import { listFormQuestions as listFormQuestionsContract } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { findFormById } from './forms.repository.ts';
import { listQuestionsOfForm } from './forms.service.ts';

/**
 * §7 Forms: GET /forms/{id}/questions (guest-viewable, not response-cached: linked activities turn
 * full as people register). GET/PUT /forms/{id}/answers live in the tickets module.
 */
export function formRoutes(app: App): void {
  const { db } = app.deps;
  app.route({
    ...contractRoute(listFormQuestionsContract),
    config: {
      isGuestViewable: true,
      guestMeetingOf: async (request) =>
        (await findFormById(db, (request.params as { id: string }).id))?.meetingId,
    },
    handler: async (request) => ({
      results: await listQuestionsOfForm(
        { db },
        { formId: request.params.id, group: request.query.group === '1' },
      ),
    }),
  });
}
