import type { ActivityPrice, FormAnswers, FormQuestion } from '@app/contracts';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AnswersFields } from './answers-fields.tsx';
import { type AnswersState, useAnswers } from './form-model.ts';

/** What the page reads from a member block when it submits the batch. */
export type MemberHandle = Pick<
  AnswersState,
  'validate' | 'lastProblems' | 'payload' | 'priceId' | 'setProblems' | 'visible'
>;

/**
 * One member of a group batch (v1): the member questions and the ticket type choice. The block
 * hands its state to the page through `register` on every render (the page validates and collects
 * all blocks at once).
 */
export function MemberBlock({
  blockKey,
  number,
  questions,
  prices,
  initial,
  register,
  onRemove,
}: {
  blockKey: string;
  number: number;
  questions: readonly FormQuestion[];
  prices: readonly ActivityPrice[];
  initial?: FormAnswers | undefined;
  register: (key: string, handle: MemberHandle) => void;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation('activities');
  const state = useAnswers({ questions, prices, initial });
  register(blockKey, state);
  return (
    <Card className="space-y-4 p-4 desk:p-5" data-testid="member-block">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{t('group.member', { number })}</h3>
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} className="text-red-600">
            <Trash2 aria-hidden="true" className="size-4" />
            {t('group.removeMember')}
          </Button>
        ) : null}
      </div>
      <AnswersFields state={state} prices={prices} scope={blockKey} />
    </Card>
  );
}
