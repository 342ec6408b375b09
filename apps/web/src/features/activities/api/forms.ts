import type {
  FormAnswers,
  FormAnswersResponse,
  FormQuestion,
  getFormAnswers,
  listFormQuestions,
  putFormAnswers,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody } from '../../../lib/api/bracket-body.ts';

/**
 * GET /forms/{id}/questions: the member questions, or with `group` the group (leader) questions,
 * by weight; linked-activity options carry is_disabled (§5). No form: no questions.
 */
export const useFormQuestions = (formId: string | null | undefined, scope: 'member' | 'group') =>
  useQuery({
    queryKey: ['activities', 'form-questions', formId ?? '', scope],
    queryFn: () =>
      formId
        ? api.list<FormQuestion>(fillPath<typeof listFormQuestions>('/forms/:id/questions', { id: formId }), {
            group: scope === 'group' ? '1' : undefined,
          })
        : Promise.resolve([] as FormQuestion[]),
    enabled: formId !== undefined,
    staleTime: 60_000,
  });

/** GET /forms/{id}/answers?ticket_id=: the stored answers of the caller's ticket (prefill). */
export const useTicketAnswers = (formId: string | null | undefined, ticketId: string | undefined) =>
  useQuery({
    queryKey: ['activities', 'form-answers', formId ?? '', ticketId ?? ''],
    queryFn: () =>
      api.get<FormAnswersResponse>(
        fillPath<typeof getFormAnswers>('/forms/:id/answers', { id: formId ?? '' }),
        {
          ticket_id: ticketId,
        },
      ),
    enabled: Boolean(formId) && ticketId !== undefined,
  });

/**
 * PUT /forms/{id}/answers: resubmits a ticket's answers (§4): 409 registration.resubmit_not_allowed /
 * registration.deadline_passed; 400 form.required / phone.invalid / email.invalid / id_number.invalid;
 * 409 id_number.exists / phone.registered / email.registered.
 */
export function resubmitAnswers(
  formId: string,
  ticketId: string,
  data: FormAnswers,
): Promise<FormAnswersResponse> {
  return api.put<FormAnswersResponse>(
    fillPath<typeof putFormAnswers>('/forms/:id/answers', { id: formId }),
    bracketBody({ ticket_id: ticketId, data }),
  );
}
