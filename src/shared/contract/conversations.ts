// Conversations: the list, one conversation, its thread and its live socket.

export const conversationRoutes = {};
