import { checkMailCode, checkTextCode, sendMailCode, sendTextCode } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { useRateLimits } from '../../plugins/rate-limit.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { useCredentialThrottle } from '../throttle/throttle.service.ts';
import { checkCode, sendCode } from './codes.service.ts';

/**
 * POST /texts/code, GET /texts/phone/{phone}/code/{code}, POST /mails/code,
 * GET /mails/{email}/code/{code} (§7 Login). All public. Providers come from the configuration
 * (SMS_PROVIDER, MAIL_SMTP_URL; the outbox by default).
 */
export function codeRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  useRateLimits(app);
  useCredentialThrottle(app);
  const deps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };

  app.route({
    ...contractRoute(sendTextCode),
    handler: async (request) =>
      sendCode(deps, {
        channel: 'sms',
        address: request.body.phone,
        areaCode: request.body.area_code,
        purpose: request.body.purpose,
        meetingId: request.body.meeting_id,
        lang: request.body.lang,
        ip: request.ip,
      }),
  });
  app.route({
    ...contractRoute(checkTextCode),
    handler: async (request) =>
      checkCode(deps, {
        channel: 'sms',
        address: request.params.phone,
        areaCode: request.query.area_code,
        purpose: request.query.purpose,
        code: request.params.code,
        ip: request.ip,
      }),
  });
  app.route({
    ...contractRoute(sendMailCode),
    handler: async (request) =>
      sendCode(deps, {
        channel: 'mail',
        address: request.body.email,
        purpose: request.body.purpose,
        meetingId: request.body.meeting_id,
        lang: request.body.lang,
        ip: request.ip,
      }),
  });
  app.route({
    ...contractRoute(checkMailCode),
    handler: async (request) =>
      checkCode(deps, {
        channel: 'mail',
        address: request.params.email,
        purpose: request.query.purpose,
        code: request.params.code,
        ip: request.ip,
      }),
  });
}
