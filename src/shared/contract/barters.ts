// Barters: recorded, completed by both sides, or cancelled.

export const barterRoutes = {};
