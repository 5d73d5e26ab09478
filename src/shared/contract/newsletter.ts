// The newsletter: subscribing, confirming and unsubscribing.

export const newsletterRoutes = {};
