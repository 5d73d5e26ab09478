// Reviews left after a completed barter.

export const reviewRoutes = {};
