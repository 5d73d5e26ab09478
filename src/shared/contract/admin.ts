// The admin dashboard: members, listings, featured listings, email status and the audit log.

export const adminRoutes = {};
