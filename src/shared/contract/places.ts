// Places of the offline gazetteer, for locations and distance search.

export const placeRoutes = {};
