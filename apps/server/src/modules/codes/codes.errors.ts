import { ErrorCode } from '@app/contracts';
import { AppError } from '../../errors.ts';

/** 400 'Invalid Code' (§8): wrong, expired, used, for another purpose or address, or dead after 5 tries. */
export const codeInvalid = () => new AppError(400, ErrorCode.codeInvalid, 'Invalid Code');
