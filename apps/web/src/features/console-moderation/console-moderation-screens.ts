/** Router locations of this area's screens (below the console's `#/`). */
export const moderationScreens = {
  queue: (meetingId: string) => `/console/meetings/${meetingId}/moderation`,
  words: (meetingId: string) => `/console/meetings/${meetingId}/moderation/words`,
  bans: (meetingId: string) => `/console/meetings/${meetingId}/moderation/bans`,
};
