import {
  getInquiry as getInquiryContract,
  listConsoleInquiries as listConsoleInquiriesContract,
  listInquiries as listInquiriesContract,
  replyInquiry as replyInquiryContract,
  sendInquiry as sendInquiryContract,
  updateInquiry as updateInquiryContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import './inquiries.moderation.ts';
import {
  closeInquiry,
  getInquiry,
  listConsoleInquiries,
  listInquiries,
  replyInquiry,
  sendInquiry,
} from './inquiries.service.ts';

/**
 * Price inquiry routes (§7 Enterprises: POST /enterprises/{id}/asks, GET /enterprise/asks; our GET
 * /enterprise/asks/{id}, POST /enterprise/asks/{id}/messages, PUT /enterprise/asks/{id}) and the
 * console's read-only list. Every call needs a login; only the inquirer and the enterprise's bound
 * exhibitor see a thread (§6).
 */
export function inquiryRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  const auth = { auth: 'required' } as const;

  app.route({
    ...contractRoute(sendInquiryContract),
    config: auth,
    handler: async (request) =>
      sendInquiry(deps, {
        userId: requireUserId(request),
        enterpriseId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(listInquiriesContract),
    config: auth,
    handler: async (request) => listInquiries(deps, { userId: requireUserId(request), query: request.query }),
  });
  app.route({
    ...contractRoute(getInquiryContract),
    config: auth,
    handler: async (request) => getInquiry(deps, { userId: requireUserId(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(replyInquiryContract),
    config: auth,
    handler: async (request) =>
      replyInquiry(deps, { userId: requireUserId(request), id: request.params.id, body: request.body }),
  });
  app.route({
    ...contractRoute(updateInquiryContract),
    config: auth,
    handler: async (request) => closeInquiry(deps, { userId: requireUserId(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(listConsoleInquiriesContract),
    config: auth,
    handler: async (request) =>
      listConsoleInquiries(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        query: request.query,
      }),
  });
}
