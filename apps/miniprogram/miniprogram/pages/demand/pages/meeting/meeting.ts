import { thinPageOptions } from '../../../../utils/thin-page';

/** The demand list of a meeting (§2 pages/demand/pages/meeting/meeting?meeting_id&type): web route /demand. */
Page(thinPageOptions('pages/demand/pages/meeting/meeting'));
