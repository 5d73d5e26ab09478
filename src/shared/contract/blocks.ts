// Blocking members.

export const blockRoutes = {};
