// Messages between two members about a listing.

export const messageRoutes = {};
