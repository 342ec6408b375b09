/** Router locations of this area's screens (below the console's `#/`). */
export const commerceScreens = {
  orders: (meetingId: string) => `/console/meetings/${meetingId}/commerce/orders`,
  order: (meetingId: string, orderId: string) => `/console/meetings/${meetingId}/commerce/orders/${orderId}`,
};
