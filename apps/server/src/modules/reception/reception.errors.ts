import { ReceptionError } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 404 reception.guest_not_found 'guest not found' (§8): no such guest in the meeting. */
export const guestNotFound = () => new AppError(404, ReceptionError.guestNotFound, 'guest not found');

/** 403 reception.receptionist_not_found 'receptionist not found' (§8): the caller is not desk staff. */
export const receptionistNotFound = () =>
  new AppError(403, ReceptionError.receptionistNotFound, 'receptionist not found');

/** 409 reception.phase_not_assigned: the guest is not assigned to that phase. */
export const phaseNotAssigned = () =>
  new AppError(409, ReceptionError.phaseNotAssigned, 'The guest is not assigned to this phase');

/**
 * 400 reception.answer_invalid: an answer for a field the phase form lacks, a required field left
 * empty, or a value of the wrong kind; `key` names the field (details path body/answers/<key>).
 */
export const answerInvalid = (key: string, message = 'This answer is not valid') =>
  new AppError(400, ReceptionError.answerInvalid, message, [{ path: `body/answers/${key}`, message }]);
