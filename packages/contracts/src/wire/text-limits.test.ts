import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PutAgentBody } from '../agents/agents.contracts.ts';
import { CreateAppointmentBody } from '../appointments/appointments.contracts.ts';
import { UpdateEnterpriseBody } from '../enterprises/enterprises.contracts.ts';
import { ExhibitorApplicationBody } from '../exhibitors/exhibitors.contracts.ts';
import { FormAnswers } from '../forms/forms.contracts.ts';
import { CreateProductBody } from '../products/products.contracts.ts';
import { UpdateTicketBody } from '../tickets/tickets.contracts.ts';
import { SignupBody, UpdateUserBody, WorkBody } from '../users/users.contracts.ts';
import { textLimits } from './limits.ts';

/** §5 / §9 text limits in the request contracts: at the limit accepted, one more refused at that field. */

const meetingId = 'a'.repeat(24);
const enterpriseId = 'b'.repeat(24);

/** The issues of a parse that must fail, as `path: code maximum`. */
function refusal(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.code} ${'maximum' in issue ? String(issue.maximum) : ''}`,
  );
}

const cases: {
  name: string;
  schema: z.ZodType;
  field: string;
  limit: number;
  body: (text: string) => unknown;
}[] = [
  {
    name: 'sign-up username (a name)',
    schema: SignupBody,
    field: 'username',
    limit: textLimits.name,
    body: (text) => ({ meeting_id: meetingId, code: '123456', username: text }),
  },
  {
    name: 'profile username',
    schema: UpdateUserBody,
    field: 'username',
    limit: textLimits.name,
    body: (text) => ({ username: text }),
  },
  {
    name: 'work title (a title)',
    schema: WorkBody,
    field: 'title',
    limit: textLimits.title,
    body: (text) => ({ title: text, company: 'ACME' }),
  },
  {
    name: 'ticket holder name',
    schema: UpdateTicketBody,
    field: 'name',
    limit: textLimits.name,
    body: (text) => ({ name: text }),
  },
  {
    name: 'group liaison',
    schema: PutAgentBody,
    field: 'liaison',
    limit: textLimits.name,
    body: (text) => ({ name: 'Team', liaison: text, phone: '13800138000' }),
  },
  {
    name: 'appointment matter (§5 description)',
    schema: CreateAppointmentBody,
    field: 'matter',
    limit: textLimits.description,
    body: (text) => ({
      meeting_id: meetingId,
      enterprise_id: enterpriseId,
      date: '2030-01-01',
      start_time: '10:00',
      end_time: '10:30',
      timezone: 'Asia/Shanghai',
      mode: 'online',
      matter: text,
    }),
  },
  {
    name: 'product description in a language map (§5 description)',
    schema: CreateProductBody,
    field: 'description.en',
    limit: textLimits.description,
    body: (text) => ({ enterprise_id: enterpriseId, title: 'Widget', description: { en: text } }),
  },
  {
    name: 'enterprise title as a plain string',
    schema: UpdateEnterpriseBody,
    field: 'title',
    limit: textLimits.title,
    body: (text) => ({ title: text }),
  },
  {
    name: 'enterprise website (a URL)',
    schema: UpdateEnterpriseBody,
    field: 'website',
    limit: textLimits.url,
    body: (text) => ({ website: `https://e.example/${text.slice(18)}` }),
  },
  {
    name: 'application message (free text)',
    schema: ExhibitorApplicationBody,
    field: 'message',
    limit: textLimits.freeText,
    body: (text) => ({ company: 'ACME', contact_name: 'Li', phone: '13800138000', message: text }),
  },
  {
    name: 'a registration answer (at most a URL; each question narrows it)',
    schema: FormAnswers,
    field: 'q1',
    limit: textLimits.url,
    body: (text) => ({ q1: text }),
  },
];

describe('text limits of the request contracts', () => {
  it('are the §5 / §9 values and the named sensible ones', () => {
    expect(textLimits).toMatchObject({
      answer: 500,
      description: 500,
      demandTitleMin: 5,
      name: 64,
      title: 200,
      freeText: 2000,
      email: 254,
      url: 2048,
    });
  });

  it.each(cases)(
    '$name: $limit characters pass, one more is refused at $field',
    ({ schema, field, limit, body }) => {
      expect(schema.safeParse(body('x'.repeat(limit))).success).toBe(true);
      expect(refusal(schema, body('x'.repeat(limit + 1)))).toEqual([`${field}: too_big ${limit}`]);
    },
  );

  it('counts a 3,000-character name as too long, wherever it is sent', () => {
    const name = '名'.repeat(3000);
    expect(refusal(SignupBody, { meeting_id: meetingId, code: '1', username: name })).toEqual([
      `username: too_big ${textLimits.name}`,
    ]);
    expect(refusal(UpdateTicketBody, { name })).toEqual([`name: too_big ${textLimits.name}`]);
    expect(refusal(ExhibitorApplicationBody, { company: 'A', contact_name: name, phone: '1' })).toEqual([
      `contact_name: too_big ${textLimits.name}`,
    ]);
  });

  it('limits e-mail and phone by their standards', () => {
    const email = `${'a'.repeat(textLimits.email - 10)}@x.example`;
    expect(email).toHaveLength(textLimits.email);
    expect(UpdateEnterpriseBody.safeParse({ email }).success).toBe(true);
    expect(refusal(UpdateEnterpriseBody, { email: `a${email}` })).toEqual([
      `email: too_big ${textLimits.email}`,
    ]);
    expect(refusal(UpdateUserBody, { phone: '1'.repeat(textLimits.phone + 1) })).toEqual([
      `phone: too_big ${textLimits.phone}`,
    ]);
  });
});
