import {
  answerQuestion as answerQuestionContract,
  askQuestion as askQuestionContract,
  listConsoleQuestions as listConsoleQuestionsContract,
  listQuestions as listQuestionsContract,
  updateQuestion as updateQuestionContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import './questions.moderation.ts';
import {
  answerQuestion,
  askQuestion,
  listConsoleQuestions,
  listQuestions,
  updateQuestionVisibility,
} from './questions.service.ts';

/**
 * Question routes (§7 Enterprises: POST /enterprises/{id}/questions, GET /enterprise/questions, PUT
 * /enterprise/questions/{id} and /answers; §4 Q&A; §6) and the console's read-only list. The list
 * answers visitors too (public questions of a meeting open to guests); the rest needs a login.
 */
export function questionRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };

  app.route({
    ...contractRoute(listQuestionsContract),
    config: { isGuestViewable: true },
    handler: async (request) =>
      listQuestions(deps, { userId: request.actor.userId ?? null, query: request.query }),
  });
  app.route({
    ...contractRoute(askQuestionContract),
    config: { auth: 'required' },
    handler: async (request) =>
      askQuestion(deps, {
        userId: requireUserId(request),
        enterpriseId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(updateQuestionContract),
    config: { auth: 'required' },
    handler: async (request) =>
      updateQuestionVisibility(deps, {
        userId: requireUserId(request),
        id: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(answerQuestionContract),
    config: { auth: 'required' },
    handler: async (request) =>
      answerQuestion(deps, { userId: requireUserId(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(listConsoleQuestionsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      listConsoleQuestions(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      }),
  });
}
