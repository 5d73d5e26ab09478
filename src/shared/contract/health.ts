// The instance's health, for `npm run doctor` and anyone who runs one (decision 059;
// docs/api/health.md): public, read-only, and nothing in it about any member.
import * as v from 'valibot';
import { route } from './route';

const when = v.nullable(v.string());

export const health = v.strictObject({
  /** The database's answer: null when it was read, else why not (e.g. "no such table"). */
  database: v.nullable(v.string()),
  /** The newest migration applied to this database (its file name) and how many are. */
  migrations: v.strictObject({ latest: v.nullable(v.string()), applied: v.number() }),
  /** The email setup: `problem` completes "Email is not being delivered: …"; null when it is. */
  email: v.strictObject({ provider: v.picklist(['resend', 'cloudflare', 'none']), problem: v.nullable(v.string()) }),
  /** Whether each secret the Worker needs is set (never its value). */
  secrets: v.strictObject({ signingSecret: v.boolean(), passwordPepper: v.boolean() }),
  /** APP_ORIGIN (links in scheduled emails) and MEDIA_ORIGIN (photos), '' when unset. */
  appOrigin: v.string(),
  mediaOrigin: v.string(),
  /** A photo of a public listing, as stored (`/objects/uploads/<uuid>`), to fetch; null when none. */
  photo: v.nullable(v.string()),
  /** The same photo's address on the media origin (null without one): what the SPA loads. */
  mediaPhoto: v.nullable(v.string()),
  /** The scheduled time of the last run of a job of each trigger: every 15 minutes, and daily. */
  crons: v.strictObject({ frequent: when, daily: when }),
});
export type Health = v.InferOutput<typeof health>;

export const healthRoutes = {
  check: route({
    method: 'GET',
    path: '/api/health',
    tag: 'Health',
    summary: "The instance's health: database, migrations, email, secrets set, a photo, cron runs",
    access: 'anyone',
    reply: health,
    notes: 'One D1 batch; never cached. `npm run doctor -- <address>` reads it and says what is wrong.',
  }),
};
