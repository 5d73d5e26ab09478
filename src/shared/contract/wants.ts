// Wants ("I'd take this") and two-way matches.

export const wantRoutes = {};
