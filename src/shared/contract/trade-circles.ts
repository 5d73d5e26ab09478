// Trade circles of up to five members.

export const tradeCircleRoutes = {};
