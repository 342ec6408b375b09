import { thinPageOptions } from '../../../../utils/thin-page';

/** One demand (§2 pages/demand/pages/detail/detail?id&meeting_id): web route /demand/detail. */
Page(thinPageOptions('pages/demand/pages/detail/detail'));
