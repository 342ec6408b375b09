import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 400 'Invalid Code' (§8): wrong, expired, used, for another purpose or address, or dead after 5 tries. */
export const codeInvalid = () => new AppError(400, ErrorCode.codeInvalid, 'Invalid Code');

/** 502 'Sending code failed' (§8): the SMS or mail provider refused or could not be reached. */
export const codeSendFailed = () => new AppError(502, ErrorCode.codeSendFailed, 'Sending code failed');
