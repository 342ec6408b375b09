import { type AppointmentStateCounts, type AppointmentsOverview, toWireId } from '@app/contracts';
import { localize } from '@app/domain';
import { type AppointmentStatus, appointmentStateNames } from '@app/domain/appointments';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import {
  countAppointmentsByEnterprise,
  countAppointmentsByStatus,
  findAppointmentsForExport,
} from './console-exhibitors.repository.ts';

/**
 * The console's appointments overview (DESIGN §7, §4 Appointment): meeting requests of a meeting
 * counted by state (applying 0, accepted 1, ignored 2, retracted 3, cancelled 4), in all and per
 * exhibitor, and their CSV export. Both need `appointment.read` (403 no_permission).
 */

type Caller = { userId: string; meetingId: string };

function emptyCounts(): AppointmentStateCounts {
  return { applying: 0, accepted: 0, ignored: 0, retracted: 0, cancelled: 0, total: 0 };
}

function addTo(counts: AppointmentStateCounts, status: number, total: number): void {
  const name = appointmentStateNames[status as AppointmentStatus];
  if (name) counts[name] += total;
  counts.total += total;
}

/**
 * GET /console/meetings/{meeting_id}/appointments/overview: counts by state and per exhibitor (most
 * requests first, then by title).
 * @throws 403 no_permission
 */
export async function getAppointmentsOverview(deps: RolesDeps, input: Caller): Promise<AppointmentsOverview> {
  await requireCan(deps, { ...input, action: 'appointment.read' });
  const [byStatus, byEnterprise] = await Promise.all([
    countAppointmentsByStatus(deps.db, input.meetingId),
    countAppointmentsByEnterprise(deps.db, input.meetingId),
  ]);
  const states = emptyCounts();
  for (const row of byStatus) addTo(states, row.status, Number(row.total));
  const perEnterprise = new Map<string, AppointmentsOverview['exhibitors'][number]>();
  for (const row of byEnterprise) {
    let entry = perEnterprise.get(row.enterpriseId);
    if (!entry) {
      entry = {
        ...emptyCounts(),
        enterprise_id: toWireId(row.enterpriseId),
        title: row.title,
        booth: row.booth,
      };
      perEnterprise.set(row.enterpriseId, entry);
    }
    addTo(entry, row.status, Number(row.total));
  }
  const exhibitors = [...perEnterprise.values()].sort(
    (a, b) => b.total - a.total || localize(a.title, 'en').localeCompare(localize(b.title, 'en')),
  );
  return { states, exhibitors };
}

/** One CSV field (RFC 4180): quoted when needed; a leading = + - @ is defused against spreadsheet formulas. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * GET /console/meetings/{meeting_id}/appointments/export: every appointment of the meeting as CSV
 * (UTF-8 with a BOM so spreadsheet programs read CJK text; CRLF line ends), oldest first. Times are
 * ISO 8601 UTC; titles in `language` (English fallback, §3).
 * @throws 403 no_permission
 */
export async function exportAppointmentsCsv(
  deps: RolesDeps,
  input: Caller & { language?: string | undefined },
): Promise<string> {
  await requireCan(deps, { ...input, action: 'appointment.read' });
  const rows = await findAppointmentsForExport(deps.db, input.meetingId);
  const header = [
    'id',
    'exhibitor',
    'requester',
    'phone',
    'email',
    'start',
    'end',
    'timezone',
    'mode',
    'booth',
    'matter',
    'state',
    'reason',
    'created',
  ];
  const lines = rows.map((row) =>
    [
      row.id,
      localize(row.enterpriseTitle, input.language ?? 'en'),
      row.requester,
      row.phone ?? '',
      row.email ?? '',
      row.start.toISOString(),
      row.end.toISOString(),
      row.timezone,
      row.mode,
      row.booth,
      row.matter,
      appointmentStateNames[row.status as AppointmentStatus] ?? String(row.status),
      row.reason,
      row.createdAt.toISOString(),
    ]
      .map(csvField)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
