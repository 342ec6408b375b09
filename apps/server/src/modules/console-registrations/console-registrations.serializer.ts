import type { ConsoleRegistration, FormAnswers, LocalizedText, TicketStatus } from '@app/contracts';
import { toWireId } from '@app/contracts';
import { localize } from '@app/domain';
import { maskIdNumber } from '@app/domain/contact';
import type { Database } from '../../db/client.ts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import type { QuestionRow, TicketRow } from '../tickets/tickets.repository.ts';
import { findTitles, type RegistrationRow } from './console-registrations.repository.ts';

/** Titles a registration row is shown with. */
export type RegistrationTitles = Awaited<ReturnType<typeof findTitles>>;

/** The titles of the activities, types and channels of these rows, in three queries. */
export function titlesOf(db: Database, rows: TicketRow[]): Promise<RegistrationTitles> {
  const distinct = (pick: (row: TicketRow) => string | null) => [
    ...new Set(rows.flatMap((row) => pick(row) ?? [])),
  ];
  return findTitles(db, {
    activityIds: distinct((r) => r.activityId),
    priceIds: distinct((r) => r.priceId),
    sourceIds: distinct((r) => r.sourceId),
  });
}

/** A registration in the console's wire form (contract ConsoleRegistration); times in unix seconds. */
export function toConsoleRegistration(row: RegistrationRow, titles: RegistrationTitles): ConsoleRegistration {
  return {
    _id: toWireId(row.id),
    activity_id: toWireId(row.activityId),
    activity_title: titles.activities.get(row.activityId) ?? '',
    price_id: toWireId(row.priceId),
    price_title: titles.prices.get(row.priceId) ?? '',
    source_id: wireIdOrNull(row.sourceId),
    source_title: row.sourceId ? (titles.sources.get(row.sourceId) ?? '') : '',
    user_id: wireIdOrNull(row.userId),
    agent_id: wireIdOrNull(row.agentId),
    status: row.status as TicketStatus,
    input_by_admin: flag(row.inputByAdmin),
    name: row.name,
    phone: row.phone,
    email: row.email,
    id_number: row.idNumber ? maskIdNumber(row.idNumber) : null,
    job: row.job,
    company: row.company,
    seat_number: row.seatNumber,
    review_reason: row.reviewReason,
    amount: row.amount,
    checked_in_at: row.checkedInAt ? unix(row.checkedInAt) : 0,
    created: unix(row.createdAt),
    updated_at: row.updatedMs,
  };
}

/** A localized title in `language` (else English, else the first one). */
export function titleIn(text: LocalizedText, language: string): string {
  return localize(text, language);
}

/**
 * One stored answer as text (§5 answer kinds): a choice as its option's title, several joined by
 * '; ', a phone as '+<area code> <number>', any other answer as it is; '' when unanswered.
 */
export function answerText(
  question: QuestionRow,
  value: FormAnswers[string] | undefined,
  language: string,
): string {
  if (value === undefined || value === null) return '';
  const optionTitle = (id: string) => {
    const option = question.options.find((o) => o.id === id);
    return option ? titleIn(option.title, language) : id;
  };
  if (Array.isArray(value)) return value.map((v) => optionTitle(String(v))).join('; ');
  if (typeof value === 'object') {
    const phone = value as { area_code?: string; number?: string };
    return `+${phone.area_code ?? ''} ${phone.number ?? ''}`.trim();
  }
  const text = String(value);
  if (question.type === 'radio' || question.type === 'activity' || question.type === 'checkbox') {
    return optionTitle(text);
  }
  return text;
}
