import { ErrorCode } from '@app/contracts/wire/errors.ts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api/client.ts';

/**
 * The message of a refused cast or withdrawal (§8): 12003 'Voting has ended', 12000 'Your votes
 * have been used up', 12001 'You have used up your votes today', not started, withdraw not allowed —
 * else 'Vote failed'.
 */
export function voteErrorMessage(error: unknown, t: TFunction<'votes'>): string {
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.voteEnded) return t('errors.ended');
    if (error.code === ErrorCode.votesUsedUp) return t('errors.usedUp');
    if (error.code === ErrorCode.votesUsedUpToday) return t('errors.usedUpToday');
    if (error.code === 'vote.not_started') return t('errors.notStarted');
    if (error.code === ErrorCode.voteWithdrawNotAllowed) return t('errors.withdrawNotAllowed');
  }
  return t('errors.failed');
}

/** d, h, m, s left until `targetMs` (never negative). */
export function timeLeft(targetMs: number, nowMs: number) {
  const total = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
