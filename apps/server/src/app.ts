import { constants as zlibConstants } from 'node:zlib';
import { ErrorCode } from '@app/contracts';
import compress from '@fastify/compress';
import Fastify, { type FastifyReply, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from './app-types.ts';
import { activityRoutes } from './modules/activities/activities.routes.ts';
import { agendaRoutes } from './modules/agendas/agendas.routes.ts';
import { agentRoutes } from './modules/agents/agents.routes.ts';
import { appointmentJobs } from './modules/appointments/appointments.jobs.ts';
import { appointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { blockRoutes } from './modules/blocks/blocks.routes.ts';
import { bookmarkRoutes } from './modules/bookmarks/bookmarks.routes.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { codeRoutes } from './modules/codes/codes.routes.ts';
import { consoleActivityRoutes } from './modules/console-activities/console-activities.routes.ts';
import { consoleCommercePaymentRoutes } from './modules/console-commerce/console-commerce.payment-routes.ts';
import { consoleCommerceRoutes } from './modules/console-commerce/console-commerce.routes.ts';
import { dashboardRoutes } from './modules/console-dashboard/console-dashboard.routes.ts';
import { loggableUrl } from './modules/console-exhibitors/console-exhibitors.password-links.ts';
import { consoleExhibitorsRoutes } from './modules/console-exhibitors/console-exhibitors.routes.ts';
import { consoleMeetingRoutes } from './modules/console-meetings/console-meetings.routes.ts';
import { consoleReceptionRoutes } from './modules/console-reception/console-reception.routes.ts';
import { consoleRegistrationRoutes } from './modules/console-registrations/console-registrations.routes.ts';
import { consoleWechatRoutes } from './modules/console-wechat/console-wechat.routes.ts';
import { consoleCopilotRoutes } from './modules/copilot/copilot.console.ts';
import { copilotRoutes } from './modules/copilot/copilot.routes.ts';
import { credentialJobs } from './modules/credentials/credentials.jobs.ts';
import { credentialRoutes } from './modules/credentials/credentials.routes.ts';
import { creditRoutes } from './modules/credits/credits.routes.ts';
import { demandRoutes } from './modules/demands/demands.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { enterpriseRoutes } from './modules/enterprises/enterprises.routes.ts';
import { exhibitorRoutes } from './modules/exhibitors/exhibitors.routes.ts';
import { formRoutes } from './modules/forms/forms.routes.ts';
import { friendRoutes } from './modules/friends/friends.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { inquiryRoutes } from './modules/inquiries/inquiries.routes.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { inviteRoutes } from './modules/invites/invites.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { createJobQueue, type JobQueueOptions } from './modules/jobs/jobs.service.ts';
import { liveAudienceRoutes } from './modules/lives/lives.audience.routes.ts';
import { liveChatRoutes } from './modules/lives/lives.chat.routes.ts';
import { liveJobs } from './modules/lives/lives.reminders.ts';
import { liveRoutes } from './modules/lives/lives.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { meetingRoutes } from './modules/meetings/meetings.routes.ts';
import { messageJobs } from './modules/messages/messages.jobs.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { pageRoutes } from './modules/pages/pages.routes.ts';
import { participantRoutes } from './modules/participants/participants.routes.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { questionRoutes } from './modules/questions/questions.routes.ts';
import { receptionRoutes } from './modules/reception/reception.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { scheduleEntryRoutes } from './modules/schedules/schedules.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sharePageRoutes, shareRoutes } from './modules/share/share.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { speakerInvitationRoutes } from './modules/speaker-invitations/speaker-invitations.routes.ts';
import { speakerRoutes } from './modules/speakers/speakers.routes.ts';
import { minutesJobs } from './modules/subtitles/minutes.jobs.ts';
import { minutesRoutes } from './modules/subtitles/minutes.routes.ts';
import { subtitleJobs } from './modules/subtitles/subtitles.jobs.ts';
import { subtitleRoutes } from './modules/subtitles/subtitles.routes.ts';
import { threadRoutes } from './modules/threads/threads.routes.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { viewJobs } from './modules/views/views.jobs.ts';
import { viewRoutes } from './modules/views/views.routes.ts';
import { voteRoutes } from './modules/votes/votes.routes.ts';
import { wechatRoutes } from './modules/wechat/wechat.routes.ts';
import { wechatEventRoutes } from './modules/wechat/wechat-events.routes.ts';
import { wechatLoginRoutes } from './modules/wechat/wechat-login.routes.ts';
import { wechatMiniLoginRoutes } from './modules/wechat/wechat-mini-login.routes.ts';
import { wechatPlatformRoutes } from './modules/wechat/wechat-platform.routes.ts';
import { registerApikey } from './plugins/apikey.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDevOutbox } from './plugins/dev-outbox.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPathNormalisation } from './plugins/path-normalisation.ts';
import { registerResponseCache } from './plugins/response-cache.ts';
import { createResponseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTableStatistics } from './plugins/table-statistics.ts';
import { registerWebStatic } from './plugins/web-static.ts';
import { bodyLimitBytes, registerWireFormat } from './plugins/wire-format.ts';

export type BuildAppOptions = Omit<AppDeps, 'jobs'> & {
  /** pino logger options, or false for none (tests). */
  logger?: boolean | { level: string };
  /** Polling and retry settings of the job queue (tests make retries immediate). */
  jobs?: JobQueueOptions;
};

/** Fastify's trustProxy from TRUST_PROXY: a hop count, or the addresses/CIDRs of trusted proxies. */
function trustProxyOption(
  value: string | undefined,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/**
 * Builds the HTTP app: infrastructure plugins first, then one register line per module under /api
 * (DESIGN §2). Does not listen; server.ts does, tests use `app.inject()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { logger = false, jobs: jobOptions, ...baseDeps } = options;
  const app = Fastify({
    logger,
    // One log line per response, written by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: bodyLimitBytes,
    routerOptions: { maxParamLength: 200 },
    trustProxy: trustProxyOption(baseDeps.config.TRUST_PROXY),
    // A URL the router cannot decode (`/api/%ff`) answers like every other refused path (§7).
    frameworkErrors: (error, _request, reply) => {
      const isBadUrl = error.code === 'FST_ERR_BAD_URL';
      (reply as FastifyReply)
        .status(400)
        .send({ code: isBadUrl ? ErrorCode.invalidPath : ErrorCode.validation, message: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ verify: baseDeps.config.NODE_ENV !== 'production' }),
  );
  const jobs = createJobQueue(
    { db: baseDeps.db, kind: baseDeps.dbKind },
    { onError: (err) => app.log.error({ err }, 'job queue'), ...jobOptions },
  );
  const deps: AppDeps = { ...baseDeps, jobs };
  app.decorate('deps', deps);

  registerSecurityHeaders(app);
  registerPathNormalisation(app);
  registerWireFormat(app);
  registerErrorHandler(app);
  registerApikey(app);
  registerAuth(app);
  registerResponseCache(app);
  // gzip/brotli for answers over 1 KiB that carry no encoding yet (response-cache answers and the
  // precompressed web bundle do): compressed once per answer, so levels that cost little CPU. Brotli
  // quality 3: half the CPU of the plugin's default 4 for 2 % more bytes on a 50-session list; gzip
  // level 3: a third of the CPU of zlib's default 6 for 7 % more bytes on the same list (0.11 against
  // 0.34 ms; 11.5 against 10.8 KB). Answers up to 128 KiB are compressed in one synchronous call:
  // the plugin's stream path (its default above 8 KiB on two cores) cost a 49 KB list 40 % more CPU.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 128 * 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
    zlibOptions: { level: 3 },
  });
  await registerOpenApi(app);

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'response',
    );
  });

  await app.register(
    async (api) => {
      const scoped = api as unknown as App;
      healthRoutes(scoped);
      meetingRoutes(scoped);
      agendaRoutes(scoped);
      speakerRoutes(scoped);
      categoryRoutes(scoped);
      blockRoutes(scoped);
      pageRoutes(scoped);
      scheduleRoutes(scoped);
      codeRoutes(scoped);
      authRoutes(scoped);
      messageRoutes(scoped);
      enterpriseRoutes(scoped);
      productRoutes(scoped);
      exhibitorRoutes(scoped);
      await scoped.register(mediaRoutes);
      await scoped.register(invitationRoutes);
      await scoped.register(shareRoutes);
      inviteRoutes(scoped);
      siteRoutes(scoped);
      oauthRoutes(scoped);
      userRoutes(scoped);
      participantRoutes(scoped);
      activityRoutes(scoped);
      formRoutes(scoped);
      ticketRoutes(scoped);
      agentRoutes(scoped);
      appointmentRoutes(scoped);
      scheduleEntryRoutes(scoped);
      documentRoutes(scoped);
      viewRoutes(scoped);
      newsRoutes(scoped);
      // Orders and payment (§4 Order): checkout, the buyer's orders, provider notifications, sandbox page.
      await scoped.register(orderRoutes);
      invoiceRoutes(scoped);
      // Community moderation: reports and the console's queue, word lists and bans (§5 sensitive content).
      moderationRoutes(scoped);
      // Community: questions to exhibitors and price inquiries (§3 Question, Price inquiry; §4 Q&A).
      questionRoutes(scoped);
      inquiryRoutes(scoped);
      // Community: demands and their comments (§2 /demand…, §7 GET /demands).
      demandRoutes(scoped);
      // Community: threads and talk (§2 /meeting/thread/list, /meeting/talk).
      threadRoutes(scoped);
      // Friends: applications, connections, card exchange (§4 Connection application, §6, §7 /user/friends).
      friendRoutes(scoped);
      // The personal agenda and speaker invitations (§2 /my/schedules, /meeting/speaker/invite; §6).
      bookmarkRoutes(scoped);
      speakerInvitationRoutes(scoped);
      // The organiser console (DESIGN §7): /api/console/…
      roleRoutes(scoped);
      auditRoutes(scoped);
      consoleRegistrationRoutes(scoped);
      consoleExhibitorsRoutes(scoped);
      consoleMeetingRoutes(scoped);
      consoleReceptionRoutes(scoped);
      consoleActivityRoutes(scoped);
      consoleCommerceRoutes(scoped);
      consoleCommercePaymentRoutes(scoped);
      // WeChat & sign-in set-up (§3 wechat_authorize, §7 WeChat and Login).
      consoleWechatRoutes(scoped);
      // The copilot's settings, knowledge, review and usage (§1 AI copilot).
      consoleCopilotRoutes(scoped);
      dashboardRoutes(scoped);
      jobRoutes(scoped);
      searchRoutes(scoped);
      // The meeting's copilot (§1 AI copilot): conversation, answers streamed as server-sent events.
      copilotRoutes(scoped);
      voteRoutes(scoped);
      liveRoutes(scoped);
      liveAudienceRoutes(scoped);
      // Minutes of a live (§1 minutes): the public read and the console's regenerate call.
      minutesRoutes(scoped);
      // Live subtitles and their translation (§1, §7 GET /subtitles) and the console's subtitle settings.
      subtitleRoutes(scoped);
      // The reception desk (§2 Reception, §4 Reception 0/1): staff guests, phases, sync, the guest's query.
      receptionRoutes(scoped);
      // The live room's chat and its socket (§7 Lives, DESIGN §9 real time), in its own scope.
      await scoped.register(liveChatRoutes);
      notificationRoutes(scoped);
      // Real-name credentials and ID recognition (§3 Registrant ID number, §5, §7).
      await scoped.register(credentialRoutes);
      // Credits on check-in and partners' union codes (§7 GET /activities/{id}/credits, /activity/unioncodes).
      creditRoutes(scoped);
      // The public WeChat API: JS-SDK and card signatures, follow card, mini-program URL schemes, text
      // checks, openid binding (§7 WeChat).
      wechatRoutes(scoped);
      // WeChat desktop QR sign-in, the official accounts' message push and the third-party platform
      // (§7 GET /wechat/service/qrcodes, GET/POST /wechat/authorizes; §3 wechat_authorize); WeChat's
      // pushes are read raw in their own scope.
      wechatLoginRoutes(scoped);
      // Sign-in inside the mini-program (§7 Login, POST /tokens/wechat/mini).
      wechatMiniLoginRoutes(scoped);
      wechatPlatformRoutes(scoped);
      await scoped.register(wechatEventRoutes);
    },
    { prefix: '/api' },
  );
  // Workers of the job queue (DESIGN §9): they run from here until the app closes.
  messageJobs(app);
  appointmentJobs(app);
  viewJobs(app);
  liveJobs(app);
  minutesJobs(app);
  subtitleJobs(app);
  credentialJobs(app);
  await jobs.start();
  registerTableStatistics(app);
  app.addHook('onClose', () => jobs.stop());
  // Share pages (§2 share links) live outside /api: chat apps and crawlers read their tags.
  sharePageRoutes(app);
  registerDevOutbox(app);
  await registerWebStatic(app, deps.config.WEB_DIST);
  return app;
}
