/** Router locations of this area's screens (below the console's `#/`). */
export const demandScreens = {
  list: (meetingId: string) => `/console/meetings/${meetingId}/demands`,
  categories: (meetingId: string) => `/console/meetings/${meetingId}/demands/categories`,
};
