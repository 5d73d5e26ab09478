// Offers made in a conversation: make, counter, accept, decline, withdraw.

export const offerRoutes = {};
