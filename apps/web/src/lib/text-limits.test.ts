import { ExhibitorApplicationBody, textLimits, UpdateEnterpriseBody } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { tooLongFields } from './text-limits.ts';

/** The form-side check and the server's contract agree on which fields are too long. */
function contractTooLong(
  schema: typeof UpdateEnterpriseBody | typeof ExhibitorApplicationBody,
  body: unknown,
) {
  const result = schema.safeParse(body);
  const found: Record<string, number> = {};
  for (const issue of result.error?.issues ?? []) {
    if (issue.code === 'too_big' && issue.origin === 'string')
      found[String(issue.path[0])] = Number(issue.maximum);
  }
  return found;
}

describe('tooLongFields', () => {
  const enterpriseLimits = {
    title: textLimits.title,
    description: textLimits.description,
    phone: textLimits.phone,
    email: textLimits.email,
    website: textLimits.url,
  };

  it('names each field over its limit with the limit, like the request contract', () => {
    const atLimit = {
      title: 't'.repeat(textLimits.title),
      description: 'd'.repeat(textLimits.description),
      phone: '1'.repeat(textLimits.phone),
      email: 'e'.repeat(textLimits.email),
      website: 'w'.repeat(textLimits.url),
    };
    expect(tooLongFields(atLimit, enterpriseLimits)).toEqual({});
    expect(contractTooLong(UpdateEnterpriseBody, atLimit)).toEqual({});

    const over = { ...atLimit, title: `${atLimit.title}!`, description: 'd'.repeat(3000) };
    const expected = { title: textLimits.title, description: textLimits.description };
    expect(tooLongFields(over, enterpriseLimits)).toEqual(expected);
    expect(contractTooLong(UpdateEnterpriseBody, over)).toEqual(expected);
  });

  it('agrees with the application contract on a 3,000-character contact name', () => {
    const values = { company: 'ACME', contact_name: 'n'.repeat(3000), phone: '13800138000', message: '' };
    const limits = {
      company: textLimits.title,
      contact_name: textLimits.name,
      phone: textLimits.phone,
      message: textLimits.freeText,
    };
    expect(tooLongFields(values, limits)).toEqual({ contact_name: textLimits.name });
    expect(contractTooLong(ExhibitorApplicationBody, values)).toEqual({ contact_name: textLimits.name });
  });
});
