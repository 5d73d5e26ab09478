// Saved searches and their alerts.

export const storedSearchRoutes = {};
