import type { ActivityPrice, FormAnswers, FormQuestion } from '@app/contracts';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AnswersFields } from './answers-fields.tsx';
import { CouponField } from './checkout-parts.tsx';
import { type AnswersState, useAnswers } from './form-model.ts';
import type { ProblemKey } from './problems.ts';

/** What the page reads from a member block when it submits the batch. */
export type MemberHandle = Pick<
  AnswersState,
  'validate' | 'lastProblems' | 'payload' | 'priceId' | 'setProblems' | 'visible'
> & {
  /** The member's coupon code (§3 Registrant), '' when none or the type is free. */
  couponCode: string;
};

/** A member's current ticket type and coupon code (the page quotes the batch as they change). */
export type MemberChoice = { priceId: string | null; couponCode: string };

/**
 * One member of a group batch (v1): the member questions, the ticket type choice and, for a paid
 * type, the member's coupon code. The block hands its state to the page through `register` on every
 * render (the page validates and collects all blocks at once) and tells `onChoice` when the type or
 * code changes (the page's quote).
 */
export function MemberBlock({
  blockKey,
  number,
  questions,
  prices,
  initial,
  register,
  onRemove,
  onChoice,
  couponProblem,
}: {
  blockKey: string;
  number: number;
  questions: readonly FormQuestion[];
  prices: readonly ActivityPrice[];
  initial?: FormAnswers | undefined;
  register: (key: string, handle: MemberHandle) => void;
  onRemove?: (() => void) | undefined;
  onChoice?: ((key: string, choice: MemberChoice) => void) | undefined;
  /** The refusal of this member's coupon code (quote or checkout). */
  couponProblem?: ProblemKey | undefined;
}) {
  const { t } = useTranslation('activities');
  const state = useAnswers({ questions, prices, initial });
  const [coupon, setCoupon] = useState('');
  const isPaid = (prices.find((price) => price._id.$id === state.priceId)?.amount ?? 0) > 0;
  const couponCode = isPaid ? coupon : '';
  register(blockKey, { ...state, couponCode });
  useEffect(() => {
    onChoice?.(blockKey, { priceId: state.priceId, couponCode });
  }, [onChoice, blockKey, state.priceId, couponCode]);
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
      {isPaid ? <CouponField value={coupon} onChange={setCoupon} problem={couponProblem} /> : null}
    </Card>
  );
}
