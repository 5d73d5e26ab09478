// Query plans for a cron job's statements (as test/worker/query-plans.test.ts does for the API):
// run the job against a D1 that records every statement, then EXPLAIN each one.
import { env } from 'cloudflare:test';

/** An Env whose DB adds every prepared statement's SQL to `statements`. */
export function recording(statements: Set<string>): Env {
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => (statements.add(sql), target.prepare(sql));
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...env, DB: db };
}

const TABLES =
  /^(users|listings|listing_categories|messages|barters|stored_searches|notifications|email_outbox|email_daily_sends|email_recipient_days|newsletter_subscriptions|uploads|cron_runs|message_email_notices)$/;

/** The plain table scans among the statements' plans (an index or the FTS table is fine), of the tables `tables` names. */
export async function tableScans(statements: Set<string>, tables: RegExp = TABLES): Promise<string[]> {
  const scans: string[] = [];
  for (const sql of statements) {
    if (!/^\s*(select|update|delete|insert|with)/i.test(sql)) continue;
    const count =
      Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1]))) ||
      (sql.replace(/'(?:[^']|'')*'/g, '').match(/\?/g) ?? []).length;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...Array.from({ length: count }, () => 1))
      .all<{ detail: string }>();
    for (const { detail } of plan.results) {
      const match = /^SCAN (\w+)(.*)$/.exec(detail);
      if (match && tables.test(match[1]!) && !/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(match[2]!))
        scans.push(`${detail} ← ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
  return scans;
}
