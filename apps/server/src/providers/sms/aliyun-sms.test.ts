import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAliyunSms, startFakeAliyunSms } from '../../../test/fake-aliyun-sms.ts';
import { createAliyunSmsProvider } from './aliyun-sms.ts';
import { ProviderError } from './sms.ts';

const credentials = { accessKeyId: 'LTAI-test-key', accessKeySecret: 'test-secret-0123456789' };

describe('Aliyun SMS provider against a fake Dysms endpoint that checks the RPC signature', () => {
  let fake: FakeAliyunSms;
  beforeAll(async () => {
    fake = await startFakeAliyunSms(credentials);
  });
  afterAll(async () => {
    await fake.close();
  });

  const provider = (secret = credentials.accessKeySecret) =>
    createAliyunSmsProvider({
      endpoint: fake.endpoint,
      accessKeyId: credentials.accessKeyId,
      accessKeySecret: secret,
      signName: 'Meeting',
      templateCode: 'SMS_123456789',
    });

  it('sends SendSms with the template, sign name and {"code"} and returns the BizId', async () => {
    const receipt = await provider().send({
      to: '+8613800138000',
      text: '123456 is your verification code',
      templateParams: { code: '123456' },
    });
    expect(receipt.id).toMatch(/\^0$/);
    expect(receipt.response).toMatchObject({ code: 'OK' });
    expect(fake.received.at(-1)).toEqual({
      phoneNumbers: '13800138000',
      signName: 'Meeting',
      templateCode: 'SMS_123456789',
      templateParam: '{"code":"123456"}',
    });
  });

  it('writes numbers outside mainland China as 00<country><number>', async () => {
    await provider().send({ to: '+447400123456', text: 'x', templateParams: { code: '000001' } });
    expect(fake.received.at(-1)?.phoneNumbers).toBe('00447400123456');
  });

  it('fails with the provider answer when the signature is wrong (wrong secret)', async () => {
    const error = await provider('another-secret')
      .send({ to: '+8613800138000', text: 'x', templateParams: { code: '123456' } })
      .catch((caught: unknown) => caught);
    expect(fake.answers.at(-1)).toBe('SignatureDoesNotMatch');
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).response).toMatchObject({ code: 'SignatureDoesNotMatch' });
    // The signed URL (with the AccessKeyId) is not kept.
    expect(JSON.stringify((error as ProviderError).response)).not.toContain(credentials.accessKeyId);
  });

  it('sends an appointment notice with its own template and params', async () => {
    const receipt = await createAliyunSmsProvider({
      endpoint: fake.endpoint,
      ...credentials,
      signName: 'Meeting',
      templateCode: 'SMS_123456789',
      appointmentTemplateCode: 'SMS_987654321',
    }).send({
      to: '+8613800138000',
      text: 'Smart Robot accepted your meeting',
      template: 'appointment',
      templateParams: { event: 'accepted', time: '2027-10-31 01:30' },
    });
    expect(receipt.response).toMatchObject({ code: 'OK' });
    expect(fake.received.at(-1)).toMatchObject({
      templateCode: 'SMS_987654321',
      templateParam: '{"event":"accepted","time":"2027-10-31 01:30"}',
    });
  });

  it('refuses an appointment notice when no appointment template is configured', async () => {
    const sent = fake.received.length;
    const error = await provider()
      .send({ to: '+8613800138000', text: 'x', template: 'appointment', templateParams: { event: 'x' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).response).toMatchObject({ code: 'template_not_configured' });
    expect(fake.received.length).toBe(sent);
  });

  it('sends a live reminder with its own template, and refuses it when none is configured (§9)', async () => {
    const withLive = createAliyunSmsProvider({
      endpoint: fake.endpoint,
      ...credentials,
      signName: 'Meeting',
      templateCode: 'SMS_123456789',
      liveTemplateCode: 'SMS_555000111',
    });
    await withLive.send({
      to: '+8613800138000',
      text: '"Keynote" goes live in about 10 minutes.',
      template: 'live',
      templateParams: { live: 'Keynote', minutes: '10' },
    });
    expect(fake.received.at(-1)).toMatchObject({
      templateCode: 'SMS_555000111',
      templateParam: '{"live":"Keynote","minutes":"10"}',
    });
    const sent = fake.received.length;
    const error = await provider()
      .send({
        to: '+8613800138000',
        text: 'x',
        template: 'live',
        templateParams: { live: 'x', minutes: '10' },
      })
      .catch((caught: unknown) => caught);
    expect((error as ProviderError).response).toMatchObject({
      code: 'template_not_configured',
      template: 'live',
    });
    expect(fake.received.length).toBe(sent);
  });

  it('fails when the endpoint cannot be reached', async () => {
    const unreachable = createAliyunSmsProvider({
      endpoint: 'http://127.0.0.1:1',
      ...credentials,
      signName: 'Meeting',
      templateCode: 'SMS_1',
    });
    await expect(
      unreachable.send({ to: '+8613800138000', text: 'x', templateParams: { code: '123456' } }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});
