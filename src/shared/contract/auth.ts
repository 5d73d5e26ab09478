// Accounts: sign-up, sign-in, sessions, passwords and email verification.

export const authRoutes = {};
