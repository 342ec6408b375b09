import { thinPageOptions } from '../../../../utils/thin-page';

/** One enterprise (§2 pages/enterprise/pages/detail/detail?id&meeting_id): web route /meeting/enterprise. */
Page(thinPageOptions('pages/enterprise/pages/detail/detail'));
