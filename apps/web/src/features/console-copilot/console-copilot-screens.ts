/** Addresses of the console's copilot screens (below `#/console`). */
export const copilotScreens = {
  home: (meetingId: string) => `/console/meetings/${meetingId}/copilot`,
  settings: (meetingId: string) => `/console/meetings/${meetingId}/copilot/settings`,
  knowledge: (meetingId: string) => `/console/meetings/${meetingId}/copilot/knowledge`,
  conversations: (meetingId: string) => `/console/meetings/${meetingId}/copilot/conversations`,
  conversation: (meetingId: string, id: string) =>
    `/console/meetings/${meetingId}/copilot/conversations/${id}`,
  usage: (meetingId: string) => `/console/meetings/${meetingId}/copilot/usage`,
};
