import RPCClient from '@alicloud/pop-core';
import { ProviderError, type SmsProvider } from './sms.ts';

/** Aliyun Dysms API version of SendSms. */
const apiVersion = '2017-05-25';
/** Milliseconds to wait for Aliyun before the send counts as failed. */
const timeoutMs = 10_000;

type SendSmsAnswer = { Code?: string; Message?: string; BizId?: string; RequestId?: string };

/**
 * Aliyun SMS (Dysms) through @alicloud/pop-core's RPC client, which signs each request (HMAC-SHA1
 * over the sorted, percent-encoded query; Aliyun RPC signature v1.0). Sends the registered template
 * `templateCode` with `TemplateParam {"code":"123456"}` (an appointment notice: the optional
 * `appointmentTemplateCode` with the message's params, a live reminder `liveTemplateCode`; refused
 * when it is not configured); the text
 * itself is only logged in the outbox.
 * Mainland numbers go without their +86 (Aliyun's format), others as 00<country><number>.
 */
export function createAliyunSmsProvider(options: {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Template of appointment notices (ALIYUN_SMS_APPOINTMENT_TEMPLATE_CODE); none = not sent. */
  appointmentTemplateCode?: string | undefined;
  /** Template of live reminders (ALIYUN_SMS_LIVE_TEMPLATE_CODE, §9); none = not sent. */
  liveTemplateCode?: string | undefined;
}): SmsProvider {
  const client = new RPCClient({
    endpoint: options.endpoint,
    apiVersion,
    accessKeyId: options.accessKeyId,
    accessKeySecret: options.accessKeySecret,
  });
  return {
    name: 'aliyun',
    send: async (message) => {
      const template = message.template ?? 'code';
      const templateCode = {
        code: options.templateCode,
        appointment: options.appointmentTemplateCode,
        live: options.liveTemplateCode,
      }[template];
      if (!templateCode) {
        throw new ProviderError(`Aliyun SMS template '${template}' is not configured`, {
          code: 'template_not_configured',
          template,
        });
      }
      const phoneNumbers = message.to.startsWith('+86') ? message.to.slice(3) : `00${message.to.slice(1)}`;
      let answer: SendSmsAnswer;
      try {
        answer = await client.request<SendSmsAnswer>(
          'SendSms',
          {
            PhoneNumbers: phoneNumbers,
            SignName: options.signName,
            TemplateCode: templateCode,
            TemplateParam: JSON.stringify(message.templateParams),
          },
          { method: 'GET', timeout: timeoutMs },
        );
      } catch (error) {
        // pop-core's error message embeds the signed URL (with the AccessKeyId): keep only the answer.
        const data = (error as { data?: SendSmsAnswer }).data;
        const code = (error as { code?: string }).code ?? data?.Code ?? 'network_error';
        throw new ProviderError(`Aliyun SendSms failed: ${code}`, {
          code,
          message: data?.Message ?? (data ? '' : String((error as Error).message).split(', URL:')[0]),
          requestId: data?.RequestId ?? '',
        });
      }
      if (answer.Code !== 'OK') {
        throw new ProviderError(`Aliyun SendSms failed: ${answer.Code}`, {
          code: answer.Code ?? '',
          message: answer.Message ?? '',
          requestId: answer.RequestId ?? '',
        });
      }
      return {
        id: answer.BizId ?? '',
        response: { code: answer.Code, bizId: answer.BizId ?? '', requestId: answer.RequestId ?? '' },
      };
    },
  };
}
