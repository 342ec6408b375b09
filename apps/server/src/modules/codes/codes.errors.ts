import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 400 'Invalid Code' (§8): wrong, expired, used, or for another purpose or address. */
export const codeInvalid = () => new AppError(400, ErrorCode.codeInvalid, 'Invalid Code');
