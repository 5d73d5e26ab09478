#!/usr/bin/env node
// `npm run deploy`: everything after `npx wrangler login`, for a new instance and for every update
// (docs/deploy.md; docs/decisions/059-one-step-deploy.md). The steps, in order:
//   1. signed in?           `wrangler whoami`
//   2. build                `vite build` (skipped with --skip-build, and in Workers Builds, whose
//                           build command has just run it)
//   3. database             `wrangler d1 list --json`, then `wrangler d1 create <name>` if missing
//   4. migrations           `wrangler d1 migrations apply DB --remote` (only the ones not applied)
//   5. secrets              `wrangler secret list`: the ones this script can make (the signing key,
//                           the password pepper) are generated only when not set yet, never replaced
//   6. deploy               `wrangler deploy`, which also creates the session store and the photo
//                           bucket when the account lacks them (automatic resource provisioning),
//                           with the new secrets, if any, in a file readable only by this user
// then the address and what to do next. Every step finds what is already done and leaves it alone,
// so running it again only updates, and after a failure it can simply be run again.
//
// Commands are looked up on PATH first and then in node_modules/.bin, so the tests can put a fake
// `wrangler` and `vite` in front (test/smoke/deploy-script.test.ts). Nothing runs in a shell.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { newVapidKeys } from './lib/vapid-keys.mjs';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

/**
 * The secrets this script may generate, in groups made together: a group is generated only when
 * none of its secrets is set (the VAPID pair must match), and one half set is a failure to fix by
 * hand, never a replacement.
 */
const GENERATED_SECRETS = [
  { names: ['SIGNING_SECRET'], make: () => ({ SIGNING_SECRET: randomBytes(32).toString('hex') }) },
  { names: ['PASSWORD_PEPPER'], make: () => ({ PASSWORD_PEPPER: randomBytes(32).toString('hex') }) },
  { names: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], make: newVapidKeys },
];

const args = new Set(process.argv.slice(2));
const skipBuild = args.has('--skip-build') || process.env.WORKERS_CI === '1';
const env = { ...process.env, PATH: [process.env.PATH, resolve('node_modules/.bin')].filter(Boolean).join(delimiter) };

/** A top-level string setting of wrangler.toml (`key = "value"`): the first one, which is the top-level one here. */
function tomlString(text, key) {
  return new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`, 'm').exec(text)?.[1] ?? '';
}
const config = readFileSync('wrangler.toml', 'utf8');
const workerName = tomlString(config, 'name');
const databaseName = tomlString(config, 'database_name');

/**
 * Runs a command with stdin closed (so wrangler runs non-interactively: no prompts, and provisioned
 * ids are not written back into wrangler.toml). Its output is kept, and shown unless `quiet`.
 */
function run(command, commandArgs, { quiet = false } = {}) {
  return new Promise((done) => {
    const child = spawn(command, commandArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (stream) => (chunk) => {
      output += chunk;
      if (!quiet) stream.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('error', (error) => done({ code: 127, output: `${output}${error.message}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

class StepFailure extends Error {
  constructor(message, output = '') {
    super(message);
    this.output = output;
  }
}

/** Runs a command that must succeed; its output when it does. */
async function must(command, commandArgs, options) {
  const result = await run(command, commandArgs, options);
  if (result.code !== 0)
    throw new StepFailure(`\`${[command, ...commandArgs].join(' ')}\` exited with ${result.code}`, result.output);
  return result.output;
}

/** Plain words for the failures a first deploy meets most. */
function hint(output) {
  if (/enable R2/i.test(output))
    return 'R2 is not enabled on this account yet: Cloudflare dashboard → R2 Object Storage → enable it once (free within 10 GB), then run `npm run deploy` again.';
  if (/not (logged in|authenticated)|Authentication error|\[code: 10000\]/i.test(output))
    return 'Wrangler is not signed in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN), then `npm run deploy` again.';
  return null;
}

/** JSON printed by wrangler, which may put a banner or warnings around it. */
function parseJson(output) {
  const start = output.search(/[[{]/);
  const closer = output[start] === '[' ? ']' : '}';
  // The longest slice from the first bracket to a matching closing one that parses.
  for (let end = output.lastIndexOf(closer); start >= 0 && end > start; end = output.lastIndexOf(closer, end - 1)) {
    try {
      return JSON.parse(output.slice(start, end + 1));
    } catch {
      // Something after the JSON ended with the same bracket: try a shorter slice.
    }
  }
  throw new StepFailure('wrangler printed no JSON it could read', output);
}

let address = null;
let createdSecrets = [];

const steps = [
  {
    title: 'checking the Cloudflare sign-in',
    async run() {
      const output = await must('wrangler', ['whoami'], { quiet: true });
      if (/not authenticated|not logged in/i.test(output)) throw new StepFailure('not signed in', output);
      return 'signed in';
    },
  },
  {
    title: 'building the site and the Worker',
    async run() {
      if (skipBuild) return 'skipped (already built)';
      await must('vite', ['build', '--logLevel', 'warn']);
      return 'built';
    },
  },
  {
    title: `finding or creating the database "${databaseName}"`,
    async run() {
      const databases = parseJson(await must('wrangler', ['d1', 'list', '--json'], { quiet: true }));
      if (Array.isArray(databases) && databases.some((database) => database?.name === databaseName)) return 'exists';
      await must('wrangler', ['d1', 'create', databaseName], { quiet: true });
      return 'created';
    },
  },
  {
    title: 'applying the database migrations',
    async run() {
      const output = await must('wrangler', ['d1', 'migrations', 'apply', 'DB', '--remote'], { quiet: true });
      const applied = /About to apply (\d+) migration/.exec(output)?.[1];
      return applied ? `${applied} applied` : 'up to date';
    },
  },
  {
    title: 'checking the secrets',
    async run() {
      const listed = await run('wrangler', ['secret', 'list', '--format', 'json'], { quiet: true });
      let names;
      if (listed.code === 0) names = new Set(parseJson(listed.output).map((secret) => secret.name));
      // The Worker does not exist before its first deploy, and so has no secrets yet.
      else if (/not found/i.test(listed.output) && /new Worker/i.test(listed.output)) names = new Set();
      else throw new StepFailure(`\`wrangler secret list\` exited with ${listed.code}`, listed.output);
      const half = GENERATED_SECRETS.find(
        (group) => group.names.some((name) => names.has(name)) && !group.names.every((name) => names.has(name)),
      );
      if (half)
        throw new StepFailure(
          `only some of ${half.names.join(' and ')} are set: set the missing one by hand (\`wrangler secret put\`) from the same key pair, or delete both to have a new pair made`,
          '',
        );
      createdSecrets = GENERATED_SECRETS.filter((group) => !group.names.some((name) => names.has(name))).flatMap(
        (group) => group.names,
      );
      return createdSecrets.length ? `generating ${createdSecrets.join(', ')}` : 'all set (none replaced)';
    },
  },
  {
    title: 'deploying',
    async run() {
      const deployArgs = ['deploy'];
      let folder = null;
      try {
        if (createdSecrets.length) {
          folder = mkdtempSync(join(tmpdir(), 'barter-deploy-'));
          const file = join(folder, 'secrets.json');
          const values = Object.assign(
            {},
            ...GENERATED_SECRETS.filter((group) => createdSecrets.includes(group.names[0])).map((group) =>
              group.make(),
            ),
          );
          writeFileSync(file, JSON.stringify(values), { mode: 0o600 });
          deployArgs.push('--secrets-file', file);
        }
        const output = await must('wrangler', deployArgs);
        address = siteAddress(output);
      } finally {
        if (folder) rmSync(folder, { recursive: true, force: true });
      }
      return address ?? 'deployed';
    },
  },
];

/** The site's address from `wrangler deploy`'s output: its first https address not on cloudflare.com. */
function siteAddress(output) {
  for (const [url] of output.matchAll(/https:\/\/[^\s"'`<>)]+/g)) {
    if (!/(^|\.)cloudflare\.com$/.test(new URL(url).hostname)) return url.replace(/\/+$/, '');
  }
  return null;
}

function nextSteps() {
  const lines = [];
  const site = address ?? `https://${workerName}.<your-subdomain>.workers.dev`;
  lines.push(`Your community is live at ${site}`);
  lines.push('');
  lines.push('Next:');
  if (!tomlString(config, 'APP_ORIGIN'))
    lines.push(
      `- Set APP_ORIGIN = "${site}" in wrangler.toml [vars] (links in scheduled emails), then npm run deploy.`,
    );
  if (!tomlString(config, 'MAIL_FROM'))
    lines.push(
      '- Email (verification, password resets): set MAIL_FROM in wrangler.toml, run `npx wrangler secret put RESEND_API_KEY`, then npm run deploy (docs/deploy.md "Email").',
    );
  if (!tomlString(config, 'ADMIN_EMAILS'))
    lines.push(
      '- The first admin: put your email address in ADMIN_EMAILS in wrangler.toml and npm run deploy; register with that address and verify it.',
    );
  if (createdSecrets.includes('PASSWORD_PEPPER'))
    lines.push(
      '- PASSWORD_PEPPER was generated and stored as a secret: Cloudflare never shows it again, and it is never replaced by this script.',
    );
  lines.push(`- Check the instance from outside: npm run doctor -- ${site}`);
  return lines.join('\n');
}

for (const [index, step] of steps.entries()) {
  const label = `[${index + 1}/${steps.length}] ${step.title}`;
  console.log(`${label}…`);
  try {
    const outcome = await step.run();
    console.log(`${label}: ${outcome}`);
  } catch (error) {
    const output = error instanceof StepFailure ? error.output : '';
    if (output) process.stderr.write(`\n${output.trimEnd().split('\n').slice(-25).join('\n')}\n`);
    console.error(`\nThe deploy stopped at step ${index + 1} of ${steps.length} (${step.title}): ${error.message}.`);
    const plain = hint(output);
    if (plain) console.error(plain);
    console.error(
      'Nothing after that step ran. Once it is fixed, run `npm run deploy` again: the steps already done are found done and left as they are (no secret is replaced).',
    );
    process.exit(1);
  }
}
console.log(`\n${nextSteps()}`);
