/** Router locations of this area's screens (below the console's `#/`). */
export const newsScreens = {
  list: (meetingId: string) => `/console/meetings/${meetingId}/news`,
  create: (meetingId: string) => `/console/meetings/${meetingId}/news/new`,
  editor: (meetingId: string, newsId: string) => `/console/meetings/${meetingId}/news/${newsId}`,
  categories: (meetingId: string) => `/console/meetings/${meetingId}/news/categories`,
};
