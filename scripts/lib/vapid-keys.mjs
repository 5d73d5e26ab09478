// A VAPID key pair for Web Push (docs/api/web-push.md), as the Worker's variables hold it:
// VAPID_PUBLIC_KEY the uncompressed P-256 point and VAPID_PRIVATE_KEY its scalar, both base64url.
// Made by `npm run deploy` once (never replaced: browsers' subscriptions are bound to the public
// key) and, for local runs, kept in the state folder beside the password pepper.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function newVapidKeys() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d };
}

/** The state folder's key pair, made on first use (shared by `npm start` and `npm run dev`). */
export function localVapidKeys(persistDir) {
  const file = join(persistDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const keys = newVapidKeys();
  mkdirSync(persistDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
