/** Router locations of this area's screens (below the console's `#/`). */
export const invoiceScreens = {
  queue: (meetingId: string, state?: string) =>
    `/console/meetings/${meetingId}/invoices${state ? `?state=${encodeURIComponent(state)}` : ''}`,
  review: (meetingId: string, invoiceId: string) => `/console/meetings/${meetingId}/invoices/${invoiceId}`,
};
