import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 409 conflict.stale: saved by someone else since the editor read it (optimistic `updated_at`, DESIGN §7). */
export const staleWrite = () => new AppError(409, ErrorCode.staleWrite, 'changed by someone else, reload');

/** 400 validation_failed naming one field (`path` like 'body/end'). */
export const invalidField = (path: string, message: string) =>
  new AppError(400, ErrorCode.validation, message, [{ path, message }]);

/** 400 activity.max_below_registered: `max` below the registrations the activity already holds (§4). */
export const maxBelowRegistered = (registered: number) =>
  new AppError(
    400,
    'activity.max_below_registered',
    `The limit cannot be below the ${registered} registrations already made`,
    [{ path: 'body/max', message: `at least ${registered}` }],
  );

/** 400 price.total_below_sold: a ticket type's stock below the tickets already sold (§3 sticker stock). */
export const totalBelowSold = (sold: number) =>
  new AppError(400, 'price.total_below_sold', `The stock cannot be below the ${sold} tickets already sold`, [
    { path: 'body/total', message: `at least ${sold}` },
  ]);

/** 400 source.max_below_signups: a channel's limit below the sign-ups it already counts (§3 Sources). */
export const maxBelowSignups = (signups: number) =>
  new AppError(
    400,
    'source.max_below_signups',
    `The limit cannot be below the ${signups} sign-ups already made`,
    [{ path: 'body/max', message: `at least ${signups}` }],
  );
