import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { CopilotCardRow } from '../copilot.tables.ts';
import { findItemKeys } from './copilot-eval.repository.ts';

/**
 * The copilot's evaluation (§1 copilot): questions on the demo meeting with the items a right answer
 * cites (questions.json, and held-out paraphrases in heldout.json that the built-in assistant's
 * templates are never tuned on), scored hit@3 — a question is right when an expected item is among
 * the answer's first three cards; a question marked `refuse` is right when the answer refuses
 * (the built-in assistant's template null; for the model: no card but pages and FAQ entries).
 * Expected ids: fixed demo ids as they are, or stable keys for items made at seed time — agenda
 * `guid:<schedule guid>`, speaker `name:<name>`, exhibitor `booth:<booth>` or `industry:<industry,
 * en>`, product `title:<en title>` or `kind:<words of the en title>`, slot `booth:<its exhibitor's booth>`.
 */

const questionSchema = z.object({
  id: z.string(),
  language: z.string(),
  question: z.string().min(1).max(1000),
  expect: z.array(z.object({ type: z.string(), id: z.string() })),
  refuse: z.boolean().optional(),
});
const setSchema = z.object({ questions: z.array(questionSchema).min(1) });

export type EvalQuestion = z.infer<typeof questionSchema>;

/** An answer as the evaluation reads it (`template` only from the built-in assistant). */
export type EvalAnswer = { text: string; cards: CopilotCardRow[]; template?: string | null };

export type EvalResult = {
  total: number;
  hits: number;
  /** hits / total, 0..1. */
  hitAt3: number;
  misses: { id: string; question: string; cards: string[] }[];
};

/** The evaluation sets shipped with the server: 'questions' or 'heldout'. */
export async function loadEvalSet(name: 'questions' | 'heldout'): Promise<EvalQuestion[]> {
  const text = await readFile(new URL(`./${name}.json`, import.meta.url), 'utf8');
  return setSchema.parse(JSON.parse(text)).questions;
}

function isRefusal(answer: EvalAnswer): boolean {
  if (answer.template !== undefined) return answer.template === null;
  return answer.cards.every((card) => card.type === 'page' || card.type === 'faq');
}

/**
 * Asks every question through `ask` and scores hit@3 against the meeting's items (resolving the
 * stable keys with the meeting's database). Questions run one after another.
 */
export async function evaluateSet(
  db: Database,
  questions: EvalQuestion[],
  ask: (question: EvalQuestion) => Promise<EvalAnswer>,
): Promise<EvalResult> {
  let hits = 0;
  const misses: EvalResult['misses'] = [];
  for (const question of questions) {
    const answer = await ask(question);
    const top = answer.cards.slice(0, 3);
    let isHit: boolean;
    if (question.refuse) isHit = isRefusal(answer);
    else {
      const keys = await keysOf(db, top);
      isHit = top.some((card, index) =>
        question.expect.some(
          (expected) =>
            expected.type === card.type &&
            (expected.id === card.id ||
              (keys[index] ?? []).some(
                (key) =>
                  key === expected.id ||
                  (expected.id.startsWith('kind:') &&
                    key.startsWith('title:') &&
                    key.toLowerCase().includes(expected.id.slice(5).toLowerCase())),
              )),
        ),
      );
    }
    if (isHit) hits += 1;
    else {
      misses.push({
        id: question.id,
        question: question.question,
        cards: top.map((card) => `${card.type}:${card.title}`),
      });
    }
  }
  return { total: questions.length, hits, hitAt3: hits / questions.length, misses };
}

/** The stable keys of each card (by position). */
async function keysOf(db: Database, cards: CopilotCardRow[]): Promise<string[][]> {
  const slotExhibitor = (card: CopilotCardRow) => String(card.extra?.exhibitor_id ?? '');
  const ids = {
    agenda: cards.filter((card) => card.type === 'agenda').map((card) => card.id),
    speaker: cards.filter((card) => card.type === 'speaker').map((card) => card.id),
    exhibitor: [
      ...cards.filter((card) => card.type === 'exhibitor').map((card) => card.id),
      ...cards.filter((card) => card.type === 'slot').map(slotExhibitor),
    ].filter(Boolean),
    product: cards.filter((card) => card.type === 'product').map((card) => card.id),
  };
  const keys = await findItemKeys(db, ids);
  return cards.map((card) =>
    card.type === 'slot'
      ? (keys.get(`exhibitor:${slotExhibitor(card)}`) ?? []).filter((key) => key.startsWith('booth:'))
      : (keys.get(`${card.type}:${card.id}`) ?? []),
  );
}
