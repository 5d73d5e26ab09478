// Reports and the moderation queue.

export const moderationRoutes = {};
