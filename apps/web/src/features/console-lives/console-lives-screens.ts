/** Router locations of the console's lives screens (below the console's `#/`). */
export const livesScreens = {
  list: (meetingId: string) => `/console/meetings/${meetingId}/lives`,
  create: (meetingId: string) => `/console/meetings/${meetingId}/lives/new`,
  live: (meetingId: string, liveId: string, tab?: string) =>
    `/console/meetings/${meetingId}/lives/${liveId}${tab ? `?tab=${tab}` : ''}`,
};
