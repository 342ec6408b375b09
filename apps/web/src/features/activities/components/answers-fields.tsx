import type { ActivityPrice } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { type AnswersState, questionAnchor } from './form-model.ts';
import { QuestionField, useProblemText } from './question-field.tsx';
import { TicketChoice } from './ticket-choice.tsx';

/**
 * The visible questions of one registrant (conditional ones appear and disappear as answers and
 * the ticket type change, §5), preceded by a ticket choice when the form has no 'price' question and
 * the activity has more than one live type.
 */
export function AnswersFields({
  state,
  prices,
  scope,
}: {
  state: AnswersState;
  prices: readonly ActivityPrice[];
  /** Distinguishes the anchors of several member blocks on one page. */
  scope: string;
}) {
  const { t } = useTranslation('activities');
  const problemText = useProblemText();
  const priceProblem = problemText(state.problems.__price);
  return (
    <div className="space-y-5">
      {state.hasTicketChoice ? (
        <fieldset id={questionAnchor(scope, '__price')} data-problem={priceProblem ? 'true' : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">
            {t('form.ticketType')}
            <span className="ms-0.5 text-red-500" aria-hidden="true">
              *
            </span>
          </legend>
          <TicketChoice
            name={`${scope}-price`}
            prices={prices}
            value={state.pickedPrice}
            onChange={state.pickPrice}
            isInvalid={Boolean(priceProblem)}
          />
          {priceProblem ? (
            <p role="alert" className="mt-1.5 text-[13px] text-red-600">
              {priceProblem}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {state.visible.map((question) => (
        <QuestionField
          key={question.id}
          anchor={questionAnchor(scope, question.id)}
          question={question}
          value={state.answers[question.id]}
          onChange={(value) => state.setAnswer(question.id, value)}
          problem={state.problems[question.id]}
          prices={prices}
        />
      ))}
    </div>
  );
}
