// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188), with
// WebCrypto only: an ephemeral P-256 key pair per message, ECDH with the browser's key, HKDF keyed
// by the subscription's auth secret, one AES-128-GCM record. Nothing but the browser's push
// service sees the ciphertext, and only the browser can read it.
import { concat, utf8 } from './encoding';

/** One record holds the whole payload: a push service accepts at least 4,096 bytes of body. */
const RECORD_SIZE = 4096;
/** Payload bytes at most: a record less the 16-byte tag, the delimiter and the 86-byte header. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - 16 - 1 - 86;

export interface PushKeys {
  /** The browser's ECDH public key: an uncompressed P-256 point, 65 bytes. */
  p256dh: Uint8Array<ArrayBuffer>;
  /** The browser's authentication secret, 16 bytes. */
  auth: Uint8Array<ArrayBuffer>;
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  secret: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** Chosen instead of random only to reproduce RFC 8291's worked example in a test. */
export interface FixedInputs {
  salt: Uint8Array<ArrayBuffer>;
  serverKeys: CryptoKeyPair;
}

/**
 * The request body for `payload`: salt (16) ‖ record size (4) ‖ key id length (1) ‖ the
 * ephemeral public key (65) ‖ the ciphertext of payload ‖ 0x02 (the last record's delimiter).
 */
export async function encryptPayload(
  payload: Uint8Array<ArrayBuffer>,
  keys: PushKeys,
  fixed?: FixedInputs,
): Promise<Uint8Array<ArrayBuffer>> {
  if (payload.length > MAX_PAYLOAD_BYTES) throw new Error(`A push payload is at most ${MAX_PAYLOAD_BYTES} bytes`);
  const browserKey = await crypto.subtle.importKey(
    'raw',
    keys.p256dh,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const ephemeral =
    fixed?.serverKeys ??
    ((await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair);
  const serverPublic = new Uint8Array((await crypto.subtle.exportKey('raw', ephemeral.publicKey)) as ArrayBuffer);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: browserKey }, ephemeral.privateKey, 256),
  );
  // RFC 8291 section 3.4: the input keying material from the shared secret and both public keys.
  const keyInfo = concat(utf8('WebPush: info\0'), keys.p256dh, serverPublic);
  const ikm = await hkdf(keys.auth, shared, keyInfo, 32);
  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes, concat(payload, new Uint8Array([2]))),
  );
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = serverPublic.length;
  return concat(header, serverPublic, ciphertext);
}
