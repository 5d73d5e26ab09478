#!/usr/bin/env node
// `npm run doctor -- https://your.instance`: checks a deployed instance from outside, as a visitor
// would reach it, and says in plain words what is wrong and what to do (decision 059). It reads the
// site, GET /api/health (docs/api/health.md) and one photo; it signs in to nothing and changes
// nothing. Exit 0 when nothing is wrong (warnings allowed), 1 when something is, 2 for bad usage.
import { basename } from 'node:path';
import { migrationFiles } from './lib/migrations.mjs';

const TIMEOUT_MS = 15_000;
const FREQUENT_LATE_MS = 60 * 60_000; // the every-15-minutes trigger, missed for an hour
const DAILY_LATE_MS = 26 * 60 * 60_000; // the daily trigger, missed for a day and then some

const target = process.argv[2];
let base;
try {
  base = new URL(target ?? '');
  if (!/^https?:$/.test(base.protocol)) throw new Error('not http');
} catch {
  console.error('Usage: npm run doctor -- https://your.instance (the address `npm run deploy` printed)');
  process.exit(2);
}
const origin = base.origin;

const results = [];
const ok = (text) => results.push({ mark: '✓', text });
const warn = (text) => results.push({ mark: '!', text });
const fail = (text) => results.push({ mark: '✗', text });

/** A GET with a deadline; the response, or the reason it did not come. */
async function get(url) {
  try {
    return { response: await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' }) };
  } catch (error) {
    return { error: error?.cause?.code ?? error?.name ?? String(error) };
  }
}

/** How long ago an ISO time was, in words. */
function ago(iso) {
  const minutes = Math.round((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours ago` : `${Math.round(hours / 24)} days ago`;
}

async function checkPhoto(url, where, remedy) {
  const { response, error } = await get(url);
  const type = response?.headers.get('content-type') ?? '';
  if (response?.ok && type.startsWith('image/')) ok(`${where} serves a listing photo (${url}).`);
  else
    fail(
      `${where} does not serve a listing photo: ${url} answered ${error ?? `${response.status} ${type}`}. ${remedy}`,
    );
}

async function diagnose() {
  const page = await get(`${origin}/`);
  if (page.error) {
    fail(
      `${origin} did not answer (${page.error}). Check the address; a new workers.dev address can take a minute to work.`,
    );
    return;
  }
  if (page.response.ok && (page.response.headers.get('content-type') ?? '').includes('text/html'))
    ok(`The site answers at ${origin}.`);
  else fail(`The site's first page answered ${page.response.status}, not a page: is ${origin} this app?`);

  const { response, error } = await get(`${origin}/api/health`);
  let health = null;
  if (response?.ok) health = await response.json().catch(() => null);
  if (!health?.migrations) {
    fail(
      `The API did not answer /api/health (${error ?? response.status}): the Worker is not deployed there, or is older than this check. Run \`npm run deploy\`.`,
    );
    return;
  }
  ok('The API answers.');

  // Migrations: the instance's newest against this checkout's.
  const local = migrationFiles().map((file) => basename(file));
  const newest = local.at(-1);
  const { latest, applied } = health.migrations;
  if (health.database) {
    fail(`The database could not be read (${health.database}). Run \`npm run deploy\`: it applies the migrations.`);
  } else if (latest === newest) ok(`The database is up to date (${applied} migrations, the newest ${latest}).`);
  else if (latest && local.indexOf(latest) >= 0)
    fail(
      `The database lacks ${local.length - 1 - local.indexOf(latest)} migration(s) after ${latest}: run \`npm run deploy\` (or \`npm run db:migrate:remote\`).`,
    );
  else if (latest)
    warn(`The database has ${latest}, which this checkout does not know: is this checkout older than the instance?`);
  else fail('No migration has been applied: run `npm run deploy`.');

  // Secrets.
  if (health.secrets.passwordPepper) ok('PASSWORD_PEPPER is set.');
  else
    fail(
      'PASSWORD_PEPPER is not set (or shorter than 32 characters): sign-in and registration are refused, so no password is keyed with it yet. `npm run deploy` sets it when it is missing; when it is set but too short: `openssl rand -hex 32 | npx wrangler secret put PASSWORD_PEPPER` (keep a copy).',
    );
  if (health.secrets.signingSecret) ok('SIGNING_SECRET is set.');
  else
    fail(
      'SIGNING_SECRET is not set: photo uploads fail. `npm run deploy` sets it when it is missing, or: `openssl rand -hex 32 | npx wrangler secret put SIGNING_SECRET`.',
    );

  // Email.
  if (!health.email.problem) ok(`Email is configured (${health.email.provider}).`);
  else
    warn(
      `Email is not being delivered: ${health.email.problem}. Members get no verification or reset mails until it is set up (docs/deploy.md "Email").`,
    );

  // The address scheduled emails link to.
  if (!health.appOrigin)
    warn(
      `APP_ORIGIN is not set: links in scheduled emails point at http://localhost:8787. Set APP_ORIGIN = "${origin}" in wrangler.toml [vars], then \`npm run deploy\`.`,
    );
  else if (health.appOrigin.replace(/\/+$/, '') !== origin)
    warn(`APP_ORIGIN is ${health.appOrigin}, not ${origin}: scheduled emails link there.`);
  else ok(`APP_ORIGIN is ${origin}.`);

  // Photos: R2 through the Worker, then the media domain.
  if (!health.photo)
    warn('No public listing has a photo yet, so R2 could not be checked: post one with a photo and run this again.');
  else {
    await checkPhoto(
      `${origin}${health.photo}`,
      'R2, through the Worker,',
      'Check the IMAGES bucket binding in the dashboard (Workers → the Worker → Bindings).',
    );
    if (health.mediaPhoto)
      await checkPhoto(
        health.mediaPhoto,
        `The media domain ${health.mediaOrigin}`,
        'Connect it to the bucket: R2 → the bucket → Settings → Custom Domains (docs/deploy.md "Photos\' own domain").',
      );
  }
  if (!health.mediaOrigin) ok('No media domain is set: the Worker serves the photos (fine; optional).');

  // Scheduled jobs.
  const { frequent, daily } = health.crons;
  if (!frequent)
    warn(
      'The every-15-minutes jobs (email delivery, alerts) have not run yet: they start within 15 minutes of the first deploy.',
    );
  else if (Date.now() - Date.parse(frequent) > FREQUENT_LATE_MS)
    fail(
      `The every-15-minutes jobs last ran ${ago(frequent)}: check the Worker's Cron Triggers (dashboard → Workers → the Worker → Settings → Triggers) and its logs.`,
    );
  else ok(`The every-15-minutes jobs ran ${ago(frequent)}.`);
  if (!daily) warn('The daily jobs (cleanup, 03:00 UTC) have not run yet.');
  else if (Date.now() - Date.parse(daily) > DAILY_LATE_MS)
    fail(`The daily jobs last ran ${ago(daily)}: check the Worker's Cron Triggers and its logs.`);
  else ok(`The daily jobs ran ${ago(daily)}.`);
}

await diagnose();
console.log(`Checking ${origin}\n`);
for (const { mark, text } of results) console.log(`${mark} ${text}`);
const failures = results.filter((result) => result.mark === '✗').length;
const warnings = results.filter((result) => result.mark === '!').length;
console.log(
  `\n${failures ? `${failures} thing${failures === 1 ? '' : 's'} wrong` : 'Nothing wrong'}${warnings ? `, ${warnings} to look at` : ''}.`,
);
process.exit(failures ? 1 : 0);
