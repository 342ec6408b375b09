/** Router locations of the console's reception screens (below the console's `#/`). */
export const receptionScreens = {
  guests: (meetingId: string) => `/console/meetings/${meetingId}/reception`,
  phases: (meetingId: string) => `/console/meetings/${meetingId}/reception/phases`,
  import: (meetingId: string) => `/console/meetings/${meetingId}/reception/import`,
  board: (meetingId: string) => `/console/meetings/${meetingId}/reception/board`,
  /** The console's team screen, where reception grants and their sub-roles are given (§6). */
  team: (meetingId: string) => `/console/meetings/${meetingId}/team`,
};
