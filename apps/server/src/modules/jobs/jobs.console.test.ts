import { describe, expect, it } from 'vitest';
import { redactJobData } from './jobs.console.ts';

describe('failed jobs as the console shows them', () => {
  it('leaves out message texts, codes and links, nested or not, and keeps the rest', () => {
    const data = {
      messageId: 'm1',
      channel: 'sms',
      sms: { to: '+8613800138000', text: '123456 is your code', templateParams: { code: '123456' } },
      mail: { to: 'a@example.org', subject: 'Code', html: '<p>123456</p>', link: 'https://x/?token=t' },
    };
    expect(redactJobData(data)).toEqual({
      messageId: 'm1',
      channel: 'sms',
      sms: { to: '+8613800138000' },
      mail: { to: 'a@example.org' },
    });
    expect(redactJobData(null)).toBeNull();
    expect(redactJobData([{ code: 'x', id: 1 }])).toEqual([{ id: 1 }]);
  });
});
