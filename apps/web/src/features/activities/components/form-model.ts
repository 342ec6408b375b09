import type { ActivityPrice, FormAnswers, FormAnswerValue, FormQuestion } from '@app/contracts';
import {
  type AnswerProblem,
  chosenPriceId,
  keepVisibleAnswers,
  type RuleQuestion,
  validateAnswers,
  visibleQuestions,
} from '@app/domain/forms';
import { useMemo, useRef, useState } from 'react';

/** A question as the shared form rules take it (`id` = the wire `_id.$id`). */
export type RuledQuestion = FormQuestion & RuleQuestion;

export const toRuleQuestions = (questions: readonly FormQuestion[]): RuledQuestion[] =>
  questions.map((question) => ({ ...question, id: question._id.$id }));

/** Problem keys shown beside a question: the shared rules' keys plus 'choose a ticket'. */
export type FieldProblem = AnswerProblem['key'] | 'price.required' | 'phoneRegistered' | string;

/** DOM id of a question's block (scroll target of the first problem). */
export const questionAnchor = (scope: string, questionId: string) => `q-${scope}-${questionId}`;

/**
 * The state of one registrant's answers (§5): answers, the chosen ticket type (from a 'price'
 * question, the separate ticket choice, or fixed by the caller), visible questions, per-question
 * problems, and the payload with hidden answers dropped (keepVisibleAnswers).
 */
export function useAnswers(options: {
  questions: readonly FormQuestion[];
  prices: readonly ActivityPrice[];
  initial?: FormAnswers | undefined;
  /** A ticket type chosen outside this form (v2 member forms, or a ticket being edited). */
  fixedPriceId?: string | undefined;
}) {
  const questions = useMemo(() => toRuleQuestions(options.questions), [options.questions]);
  const [answers, setAnswers] = useState<FormAnswers>(options.initial ?? {});
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const lastFound = useRef<FieldProblem[]>([]);
  const priceQuestion = questions.find((question) => question.type === 'price');
  const onlyPrice = options.prices.length === 1 ? options.prices[0]?._id.$id : undefined;
  const [pickedPrice, setPickedPrice] = useState<string | undefined>(onlyPrice);
  const priceId =
    options.fixedPriceId ??
    (priceQuestion ? chosenPriceId(questions, answers) : (pickedPrice ?? null)) ??
    null;
  const visible = visibleQuestions(questions, answers, priceId);
  const priceIds = options.prices.map((price) => price._id.$id);

  const setAnswer = (questionId: string, value: FormAnswerValue | undefined) => {
    setAnswers((current) => {
      const next = { ...current };
      if (value === undefined) delete next[questionId];
      else next[questionId] = value;
      return next;
    });
    setProblems((current) => {
      if (!(questionId in current)) return current;
      const next = { ...current };
      delete next[questionId];
      return next;
    });
  };

  /** Checks the visible answers; marks problems and answers whether the form can be sent. */
  const validate = (): boolean => {
    const found: Record<string, FieldProblem> = {};
    for (const problem of validateAnswers(questions, answers, priceId, priceIds)) {
      found[problem.questionId] ??= problem.key;
    }
    if (!options.fixedPriceId && !priceQuestion && options.prices.length > 0 && !priceId) {
      found.__price = 'price.required';
    }
    setProblems(found);
    lastFound.current = Object.values(found);
    return Object.keys(found).length === 0;
  };

  return {
    questions,
    visible,
    answers,
    setAnswer,
    problems,
    setProblems,
    priceId,
    priceQuestion,
    hasTicketChoice: !options.fixedPriceId && !priceQuestion && options.prices.length > 1,
    pickedPrice,
    pickPrice: (id: string) => {
      setPickedPrice(id);
      setProblems((current) => {
        const { __price: _, ...rest } = current;
        return rest;
      });
    },
    validate,
    /** The problems the last validate() found, in question order (for the summary toast). */
    lastProblems: () => lastFound.current,
    /** The answers to send: only visible, non-empty ones (§5). */
    payload: (): FormAnswers => keepVisibleAnswers(questions, answers, priceId) as FormAnswers,
  };
}
export type AnswersState = ReturnType<typeof useAnswers>;

/** Scrolls the first problem of a form into view (after React painted the messages). */
export function scrollToFirstProblem(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const target = container?.querySelector<HTMLElement>('[data-problem="true"]');
    target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    target?.querySelector<HTMLElement>('input, textarea, select, button')?.focus({ preventScroll: true });
  });
}
