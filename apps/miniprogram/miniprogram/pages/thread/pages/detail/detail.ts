import { thinPageOptions } from '../../../../utils/thin-page';

/** One thread with its replies (§2 pages/thread/pages/detail/detail?id&meeting_id): web route /meeting/talk. */
Page(thinPageOptions('pages/thread/pages/detail/detail'));
