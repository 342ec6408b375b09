import type { MatrixRow } from './route-matrix.ts';

/**
 * Route × role rows of the console's activities calls (DESIGN §7, §6). Columns:
 * [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser].
 */
// biome-ignore format: the table reads as a table
export const consoleActivitiesRows: MatrixRow[] = [];
