// A browser's side of Web Push for the tests: its subscription keys, and the receiving side of
// RFC 8291 and RFC 8188 written from the RFCs (sharing no code with the Worker's sender).
import { expect } from 'vitest';
import { concat, toBase64Url, utf8 } from '@worker/lib/web-push/encoding';

export const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** A browser's subscription keys: an ECDH key pair and a 16-byte auth secret. */
export async function browserKeys() {
  const pair = (await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])) as CryptoKeyPair;
  const p256dh = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { privateKey: pair.privateKey, p256dh, auth: crypto.getRandomValues(new Uint8Array(16)) };
}

/** The receiving side of RFC 8291 and RFC 8188 (one record), written from the RFCs. */
export async function decrypt(
  body: Uint8Array<ArrayBuffer>,
  receiver: { privateKey: CryptoKey; p256dh: Uint8Array<ArrayBuffer>; auth: Uint8Array<ArrayBuffer> },
) {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idLength = body[20]!;
  const senderPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const senderKey = await crypto.subtle.importKey('raw', senderPublic, ecdh, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: senderKey }, receiver.privateKey, 256),
  );
  const hmac = async (key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) => {
    const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return new Uint8Array(await crypto.subtle.sign('HMAC', k, data));
  };
  // HKDF by hand (extract, then one expand block), so this side shares no code with the sender's.
  const prkKey = await hmac(receiver.auth, shared);
  const ikm = await hmac(prkKey, concat(utf8('WebPush: info\0'), receiver.p256dh, senderPublic, new Uint8Array([1])));
  const prk = await hmac(salt, ikm);
  const cek = (await hmac(prk, concat(utf8('Content-Encoding: aes128gcm\0'), new Uint8Array([1])))).slice(0, 16);
  const nonce = (await hmac(prk, concat(utf8('Content-Encoding: nonce\0'), new Uint8Array([1])))).slice(0, 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  // The last record: the delimiter 2, then only zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return { text: new TextDecoder().decode(padded.slice(0, end)), recordSize, senderPublic };
}

/** The keys as a subscription carries them (base64url). */
export const subscriptionKeys = (keys: { p256dh: Uint8Array; auth: Uint8Array }) => ({
  p256dh: toBase64Url(keys.p256dh),
  auth: toBase64Url(keys.auth),
});
