import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/**
 * 400 form.required 'Please fill out all required fields in the form.' with the field's detail 'This
 * is a required field' (§5 'content not empty', required messages): an empty question, answer,
 * inquiry or reply. `field` is the body field, e.g. 'content'.
 */
export const requiredField = (field: string) =>
  new AppError(400, ErrorCode.formRequired, 'Please fill out all required fields in the form.', [
    { path: `body/${field}`, message: 'This is a required field' },
  ]);

/** 400 inquiry.amount_invalid 'Inquiry amount must be a valid number' (§5). */
export const amountInvalid = () =>
  new AppError(400, ErrorCode.inquiryAmountInvalid, 'Inquiry amount must be a valid number', [
    { path: 'body/amount', message: 'Inquiry amount must be a valid number' },
  ]);

/** 409 item.closed: a reply to a closed inquiry. */
export const itemClosed = () => new AppError(409, ErrorCode.itemClosed, 'This inquiry is closed');

/** 409 item.closed: an answer the organiser blocked cannot be rewritten (§5); nothing is stored. */
export const answerBlocked = () => new AppError(409, ErrorCode.itemClosed, 'This answer was blocked');
