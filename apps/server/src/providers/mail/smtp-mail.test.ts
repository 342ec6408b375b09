import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fake-smtp.ts';
import { ProviderError } from '../sms/sms.ts';
import { createSmtpMailProvider } from './smtp-mail.ts';

describe('SMTP mail provider against a local SMTP server', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp({ user: 'mailer', password: 'p@ss word' });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('authenticates and delivers subject, text and HTML', async () => {
    const provider = createSmtpMailProvider({ url: smtp.url, from: 'Meeting <no-reply@example.test>' });
    const receipt = await provider.send({
      to: 'ada@example.test',
      subject: 'Your code 654321',
      text: 'Code: 654321',
      html: '<p><b>654321</b></p>',
    });
    expect(receipt.id).toMatch(/@/);
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'no-reply@example.test', to: ['ada@example.test'], user: 'mailer' });
    expect(mail?.raw).toContain('Subject: Your code 654321');
    expect(mail?.raw).toContain('Code: 654321');
    expect(mail?.raw).toContain('text/html');
  });

  it('fails with the server answer on wrong credentials', async () => {
    const url = smtp.url.replace('p%40ss%20word', 'wrong');
    const provider = createSmtpMailProvider({ url, from: 'no-reply@example.test' });
    const error = await provider
      .send({ to: 'ada@example.test', subject: 's', text: 't' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).response).toMatchObject({ code: 'EAUTH' });
  });
});
