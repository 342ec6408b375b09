import type { FormQuestion } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import type { FieldProblem } from './form-model.ts';
import { type ProblemKey, registrationProblem } from './problems.ts';

/**
 * Turns a failed registration call into what the screen shows (§8): an acknowledge-only dialog
 * (refetching the activity when the failure means its tickets changed, e.g. 4340), a message under
 * the phone / e-mail / ID question it concerns, the required marks, or a toast.
 */
export function useProblemHandler(onRefetch: () => void) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation('common');
  const [notice, setNotice] = useState<ProblemKey | null>(null);
  const handle = (
    error: unknown,
    target: {
      visible: readonly (FormQuestion & { id: string })[];
      setProblems: (problems: Record<string, FieldProblem>) => void;
    } | null,
  ): boolean => {
    const problem = registrationProblem(error);
    if (problem.kind === 'dialog') {
      setNotice(problem.key);
      if (problem.shouldRefetch) onRefetch();
      return false;
    }
    if (problem.kind === 'field') {
      const question = target?.visible.find(
        (item) => item.type === problem.questionType || item.field === problem.questionType,
      );
      if (question && target) {
        target.setProblems({ [question.id]: problem.key });
        showToast(t(`errors.${problem.key}`));
        return true;
      }
      setNotice(problem.key);
      return false;
    }
    if (problem.kind === 'required') {
      if (target && problem.questionIds.length > 0) {
        target.setProblems(Object.fromEntries(problem.questionIds.map((id) => [id, 'form.required'])));
      }
      showToast(t('errors.formRequired'));
      return true;
    }
    showToast(apiErrorMessage(error, tc));
    return false;
  };
  return { notice, setNotice, handle };
}
