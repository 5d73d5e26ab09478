// Local development only: demo data, the outbox and the trade-circle pass.

export const devRoutes = {};
