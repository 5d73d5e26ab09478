// Voluntary application server identification (VAPID, RFC 8292): each push request carries a
// JWT signed with the instance's P-256 key, so the browser's push service accepts only this
// server for the subscriptions made with its public key. The keys: VAPID_PUBLIC_KEY (the
// uncompressed point, base64url, 65 bytes) and the secret VAPID_PRIVATE_KEY (the scalar d,
// base64url, 32 bytes).
import { concat, fromBase64Url, toBase64Url, utf8 } from './encoding';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** How long a signature is good for: RFC 8292 allows at most 24 hours. */
const VALID_SECONDS = 12 * 3600;

let imported: { privateKey: string; key: Promise<CryptoKey> } | null = null;

/** The signing key, imported once per isolate (importing costs more CPU than signing). */
function signingKey(keys: VapidKeys): Promise<CryptoKey> {
  if (imported?.privateKey === keys.privateKey) return imported.key;
  const point = fromBase64Url(keys.publicKey);
  const d = fromBase64Url(keys.privateKey);
  if (point.length !== 65 || point[0] !== 4 || d.length !== 32) throw new Error('Malformed VAPID keys');
  const key = crypto.subtle.importKey(
    'jwk',
    {
      kty: 'EC',
      crv: 'P-256',
      x: toBase64Url(point.slice(1, 33)),
      y: toBase64Url(point.slice(33, 65)),
      d: keys.privateKey.replace(/=+$/, ''),
      ext: false,
    },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  imported = { privateKey: keys.privateKey, key };
  return key;
}

/**
 * The Authorization header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`, the JWT's
 * audience the push service's origin, its subject how the push service can reach the instance's
 * operator (an https: origin or a mailto: address).
 */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, now = Date.now()) {
  const header = toBase64Url(utf8(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = toBase64Url(
    utf8(JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + VALID_SECONDS, sub: subject })),
  );
  const signed = `${header}.${claims}`;
  // WebCrypto's ECDSA signature is r ‖ s (64 bytes), which is JWS's ES256 form as it is.
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await signingKey(keys), utf8(signed)),
  );
  return `vapid t=${signed}.${toBase64Url(signature)}, k=${keys.publicKey}`;
}

/** A new key pair, as the deploy and local runs make one (base64url, as the variables hold them). */
export async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const point = concat(new Uint8Array([4]), fromBase64Url(jwk.x!), fromBase64Url(jwk.y!));
  return { publicKey: toBase64Url(point), privateKey: jwk.d! };
}
