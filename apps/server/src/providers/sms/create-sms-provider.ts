import type { Config } from '../../config.ts';
import { createAliyunSmsProvider } from './aliyun-sms.ts';
import { outboxSmsProvider, type SmsProvider } from './sms.ts';

/**
 * The SMS provider of the configuration: SMS_PROVIDER=aliyun (ALIYUN_SMS_* required) or the outbox.
 * @throws Error naming the missing ALIYUN_SMS_* variables, at start-up
 */
export function createSmsProvider(config: Config): SmsProvider {
  if (config.SMS_PROVIDER === 'outbox') return outboxSmsProvider;
  const missing = (
    [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ] as const
  ).filter((name) => !config[name]);
  if (missing.length > 0) throw new Error(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
  return createAliyunSmsProvider({
    endpoint: config.ALIYUN_SMS_ENDPOINT,
    accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
    accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
    signName: config.ALIYUN_SMS_SIGN_NAME ?? '',
    templateCode: config.ALIYUN_SMS_TEMPLATE_CODE ?? '',
    appointmentTemplateCode: config.ALIYUN_SMS_APPOINTMENT_TEMPLATE_CODE,
    liveTemplateCode: config.ALIYUN_SMS_LIVE_TEMPLATE_CODE,
  });
}
