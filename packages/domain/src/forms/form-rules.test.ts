import { describe, expect, it } from 'vitest';
import { textLimits } from '../text-limits.ts';
import {
  answerMaxLength,
  chosenPriceId,
  keepVisibleAnswers,
  type RuleQuestion,
  registrantFields,
  validateAnswers,
  visibleQuestions,
} from './form-rules.ts';

const q = (id: string, type: string, extra: Partial<RuleQuestion> = {}): RuleQuestion => ({
  id,
  type,
  is_required: 1,
  options: [],
  condition: null,
  ...extra,
});

const questions: RuleQuestion[] = [
  q('name', 'text', { field: 'name' }),
  q('phone', 'phone', { field: 'phone' }),
  q('ticket', 'price'),
  q('diet', 'radio', { options: [{ id: 'meat' }, { id: 'veg' }, { id: 'other' }] }),
  q('diet_other', 'text', { condition: { question_id: 'diet', option_ids: ['other'] } }),
  q('allergy', 'text', { is_required: 0, condition: { question_id: 'diet_other', option_ids: ['x'] } }),
  q('vip_seat', 'radio', { options: [{ id: 'front' }], condition: { price_ids: ['vip'] } }),
  q('workshop', 'activity', {
    is_required: 0,
    options: [
      { id: 'w1', activity_id: 'a1' },
      { id: 'w2', activity_id: 'a2', is_disabled: 1 },
    ],
  }),
  q('id', 'id_number', { is_required: 0, field: 'id_number' }),
  q('mail', 'email', { is_required: 0, field: 'email' }),
];

describe('conditional questions', () => {
  it('shows a question only when its option is chosen', () => {
    const ids = (answers: Record<string, string>) =>
      visibleQuestions(questions, answers, null).map((x) => x.id);
    expect(ids({ diet: 'meat' })).not.toContain('diet_other');
    expect(ids({ diet: 'other' })).toContain('diet_other');
  });

  it('shows a question conditioned on a price only for that ticket type', () => {
    expect(visibleQuestions(questions, {}, 'vip').map((x) => x.id)).toContain('vip_seat');
    expect(visibleQuestions(questions, {}, 'free').map((x) => x.id)).not.toContain('vip_seat');
  });

  it('drops answers whose conditions fail, and empty answers', () => {
    const kept = keepVisibleAnswers(
      questions,
      { name: 'Ada', diet: 'meat', diet_other: 'fish', vip_seat: 'front', mail: '  ', unknown: 'x' },
      'free',
    );
    expect(kept).toEqual({ name: 'Ada', diet: 'meat' });
  });

  it('hides a question whose parent is hidden, and condition cycles', () => {
    const cyclic = [
      q('a', 'radio', { options: [{ id: 'y' }], condition: { question_id: 'b', option_ids: ['y'] } }),
      q('b', 'radio', { options: [{ id: 'y' }], condition: { question_id: 'a', option_ids: ['y'] } }),
    ];
    expect(visibleQuestions(cyclic, { a: 'y', b: 'y' }, null)).toEqual([]);
  });

  it('reads the ticket choice', () => {
    expect(chosenPriceId(questions, { ticket: 'vip' })).toBe('vip');
    expect(chosenPriceId(questions, {})).toBeNull();
  });
});

describe('validateAnswers', () => {
  const valid = {
    name: 'Ada',
    phone: { area_code: '86', number: '13800138000' },
    ticket: 'free',
    diet: 'veg',
  };

  it('accepts a complete form', () => {
    expect(validateAnswers(questions, valid, 'free', ['free', 'vip'])).toEqual([]);
  });

  it('reports each required visible question left empty', () => {
    const problems = validateAnswers(questions, { diet: 'other' }, null, ['free']);
    expect(problems.map((p) => `${p.questionId}:${p.key}`)).toEqual([
      'name:form.required',
      'phone:form.required',
      'ticket:form.required',
      'diet_other:form.required',
    ]);
  });

  it('requires a visible price-conditioned question but not a hidden one', () => {
    expect(validateAnswers(questions, { ...valid, ticket: 'vip' }, 'vip', ['free', 'vip'])).toEqual([
      { questionId: 'vip_seat', key: 'form.required' },
    ]);
  });

  it.each([
    [{ phone: { area_code: '86', number: '12345' } }, 'phone', 'phone.invalid'],
    [{ mail: 'not-an-address' }, 'mail', 'email.invalid'],
    [{ id: '440304198506121231' }, 'id', 'id_number.invalid'],
    [{ diet: 'fish' }, 'diet', 'option.invalid'],
    [{ workshop: 'w2' }, 'workshop', 'option.disabled'],
    [{ ticket: 'gone' }, 'ticket', 'price.invalid'],
  ])('refuses %o', (change, questionId, key) => {
    expect(validateAnswers(questions, { ...valid, ...change }, 'free', ['free', 'vip'])).toEqual([
      { questionId, key },
    ]);
  });
});

describe('registrantFields', () => {
  it('maps answers with a field onto the ticket', () => {
    expect(
      registrantFields(questions, {
        name: ' Ada ',
        phone: { area_code: '86', number: '138 0013 8000' },
        id: '11010519491231002x',
        mail: 'Ada@Example.com',
      }),
    ).toEqual({
      name: 'Ada',
      phone: { e164: '+8613800138000', areaCode: '86', national: '13800138000' },
      email: 'ada@example.com',
      idNumber: '11010519491231002X',
      job: '',
      company: '',
    });
  });
});

describe('answer lengths (§5 answers at most 500 characters)', () => {
  const texts = [
    q('name', 'text', { field: 'name' }),
    q('note', 'textarea'),
    q('cv', 'file', { is_required: 0 }),
  ];

  it('gives each question its limit: a name 64, a text answer 500, a file URL 2,048, choices none', () => {
    expect(answerMaxLength({ type: 'text', field: 'name' })).toBe(textLimits.name);
    expect(answerMaxLength({ type: 'text', field: 'company' })).toBe(textLimits.title);
    expect(answerMaxLength({ type: 'textarea', field: null })).toBe(textLimits.answer);
    expect(answerMaxLength({ type: 'file', field: null })).toBe(textLimits.url);
    expect(answerMaxLength({ type: 'radio', field: null })).toBeNull();
  });

  it('accepts answers at the limit and refuses one character more, naming the question and the limit', () => {
    const atLimit = { name: 'n'.repeat(64), note: 'x'.repeat(500), cv: `/api/files/${'f'.repeat(2037)}` };
    expect(validateAnswers(texts, atLimit, null)).toEqual([]);
    expect(validateAnswers(texts, { name: 'n'.repeat(65), note: 'x'.repeat(501) }, null)).toEqual([
      { questionId: 'name', key: 'text.too_long', max: 64 },
      { questionId: 'note', key: 'text.too_long', max: 500 },
    ]);
  });
});
