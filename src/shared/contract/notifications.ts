// The bell: notifications, marking them read, and its live socket.

export const notificationRoutes = {};
