// The first admin without a console (docs/decisions/059-one-step-deploy.md): the ADMIN_EMAILS
// variable lists addresses whose members become admins once the address is verified, when it is
// verified or at a sign-in after. Only the owner of a listed address can verify it, so the list
// grants nothing to anyone else; empty (the default) grants nothing at all. The grant is the same
// one an admin makes (grantAdminStatements), recorded in the audit log as ADMIN_EMAILS_ACTOR's.

/** The listed addresses, lower-cased: separated by commas, semicolons or spaces. */
function listed(env: Env): string[] {
  return (env.ADMIN_EMAILS ?? '')
    .split(/[\s,;]+/)
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
}

/** Should this member become an admin now: a verified, listed address, not an admin yet? */
export function promotedByAdminEmails(
  env: Env,
  user: { email: string; emailVerified: boolean; isAdmin: boolean },
): boolean {
  if (user.isAdmin || !user.emailVerified) return false;
  return listed(env).includes(user.email.trim().toLowerCase());
}
