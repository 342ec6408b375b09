import type { MatrixRow } from './route-matrix.ts';

/**
 * Route × role rows of the console's registrations calls (DESIGN §7, §6). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
// biome-ignore format: the table reads as a table
export const consoleRegistrationsRows: MatrixRow[] = [];
