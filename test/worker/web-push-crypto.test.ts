// Web Push's cryptography (worker/lib/push): the aes128gcm message encryption of RFC 8291,
// checked byte for byte against the RFC's worked example and decrypted here as a browser does
// (an implementation of the receiving side of its own); the VAPID signature of RFC 8292,
// verified with the public key; and what a push service's answers mean for a subscription.
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url, utf8 } from '@worker/lib/web-push/encoding';
import { encryptPayload, MAX_PAYLOAD_BYTES } from '@worker/lib/web-push/encrypt';
import { sendPush, type PushMessage } from '@worker/lib/web-push/send';
import { generateVapidKeys, vapidAuthorization } from '@worker/lib/web-push/vapid';
import { browserKeys, decrypt, ecdh } from './web-push-browser';

// RFC 8291 section 5, "Push Message Encryption Example".
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml' +
    'mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
    'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const jwk = (publicKey: string, d?: string): JsonWebKey => {
  const point = fromBase64Url(publicKey);
  return {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(point.slice(1, 33)),
    y: toBase64Url(point.slice(33, 65)),
    ...(d ? { d } : {}),
  };
};
describe('Web Push message encryption (RFC 8291, aes128gcm)', () => {
  it("reproduces the RFC's worked example byte for byte, and this test's decryption reads it", async () => {
    const serverKeys = {
      privateKey: await crypto.subtle.importKey('jwk', jwk(RFC.asPublic, RFC.asPrivate), ecdh, false, ['deriveBits']),
      publicKey: await crypto.subtle.importKey('raw', fromBase64Url(RFC.asPublic), ecdh, true, []),
    };
    const body = await encryptPayload(
      utf8(RFC.plaintext),
      { p256dh: fromBase64Url(RFC.uaPublic), auth: fromBase64Url(RFC.authSecret) },
      { salt: fromBase64Url(RFC.salt), serverKeys },
    );
    expect(toBase64Url(body)).toBe(RFC.body);
    const receiver = {
      privateKey: await crypto.subtle.importKey('jwk', jwk(RFC.uaPublic, RFC.uaPrivate), ecdh, false, ['deriveBits']),
      p256dh: fromBase64Url(RFC.uaPublic),
      auth: fromBase64Url(RFC.authSecret),
    };
    const read = await decrypt(fromBase64Url(RFC.body), receiver);
    expect(read.text).toBe(RFC.plaintext);
    expect(read.recordSize).toBe(4096);
  });

  it('encrypts with a new key and salt each time, and only the subscription can read it', async () => {
    const receiver = await browserKeys();
    const payload = utf8(JSON.stringify({ title: 'New message', body: 'Is the bike still there?' }));
    const [one, two] = [await encryptPayload(payload, receiver), await encryptPayload(payload, receiver)];
    expect(toBase64Url(one.slice(0, 16))).not.toBe(toBase64Url(two.slice(0, 16)));
    expect(toBase64Url(one.slice(21, 86))).not.toBe(toBase64Url(two.slice(21, 86)));
    expect((await decrypt(one, receiver)).text).toBe(new TextDecoder().decode(payload));
    const stranger = await browserKeys();
    await expect(decrypt(one, { ...stranger, p256dh: receiver.p256dh, auth: receiver.auth })).rejects.toThrow();
    await expect(decrypt(one, { ...receiver, auth: stranger.auth })).rejects.toThrow();
  });

  it('refuses a payload that does not fit one record', async () => {
    const receiver = await browserKeys();
    await expect(encryptPayload(new Uint8Array(MAX_PAYLOAD_BYTES), receiver)).resolves.toHaveLength(4096);
    await expect(encryptPayload(new Uint8Array(MAX_PAYLOAD_BYTES + 1), receiver)).rejects.toThrow(/at most/);
  });
});

describe('VAPID (RFC 8292)', () => {
  it("signs a JWT for the push service's origin that the instance's public key verifies", async () => {
    const keys = await generateVapidKeys();
    expect(fromBase64Url(keys.publicKey)).toHaveLength(65);
    expect(fromBase64Url(keys.privateKey)).toHaveLength(32);
    const now = Date.UTC(2026, 10, 27, 12);
    const header = await vapidAuthorization(
      'https://push.example.net/send/abc?x=1',
      keys,
      'mailto:ops@example.org',
      now,
    );
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(match).not.toBeNull();
    const [, head, claims, signature, k] = match!;
    expect(k).toBe(keys.publicKey);
    expect(JSON.parse(new TextDecoder().decode(fromBase64Url(head!)))).toEqual({ typ: 'JWT', alg: 'ES256' });
    const body = JSON.parse(new TextDecoder().decode(fromBase64Url(claims!)));
    expect(body).toEqual({
      aud: 'https://push.example.net',
      exp: now / 1000 + 12 * 3600,
      sub: 'mailto:ops@example.org',
    });
    const verifier = await crypto.subtle.importKey(
      'raw',
      fromBase64Url(keys.publicKey),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const signed = utf8(`${head}.${claims}`);
    const ecdsa = { name: 'ECDSA', hash: 'SHA-256' };
    expect(await crypto.subtle.verify(ecdsa, verifier, fromBase64Url(signature!), signed)).toBe(true);
    const other = await generateVapidKeys();
    const otherHeader = await vapidAuthorization('https://push.example.net/x', other, 'mailto:ops@example.org', now);
    const otherSignature = /\.([\w-]+), k=/.exec(otherHeader)![1]!;
    expect(await crypto.subtle.verify(ecdsa, verifier, fromBase64Url(otherSignature), signed)).toBe(false);
  });
});

describe('sending one push', () => {
  const message: PushMessage = { title: 'New offer', body: 'An offer on your bike', url: '/messages', tag: 'offer-1' };

  it('posts the encrypted message with its headers to the endpoint, readable by the browser', async () => {
    const receiver = await browserKeys();
    const vapid = await generateVapidKeys();
    const seen: Request[] = [];
    const outcome = await sendPush(
      { endpoint: 'http://127.0.0.1:9/push/1', p256dh: toBase64Url(receiver.p256dh), auth: toBase64Url(receiver.auth) },
      message,
      {
        vapid,
        subject: 'https://barter.example',
        ttl: 3600,
        urgency: 'high',
        fetch: async (input, init) => {
          seen.push(new Request(input, init));
          return new Response(null, { status: 201 });
        },
      },
    );
    expect(outcome).toBe('sent');
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('Content-Encoding')).toBe('aes128gcm');
    expect(request!.headers.get('TTL')).toBe('3600');
    expect(request!.headers.get('Urgency')).toBe('high');
    expect(request!.headers.get('Authorization')).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${vapid.publicKey}$`));
    const read = await decrypt(new Uint8Array(await request!.arrayBuffer()), receiver);
    expect(JSON.parse(read.text)).toEqual(message);
  });

  it('reads 404 and 410 as a subscription gone, other errors and network failures as failed', async () => {
    const receiver = await browserKeys();
    const vapid = await generateVapidKeys();
    const target = {
      endpoint: 'https://push.example.net/1',
      p256dh: toBase64Url(receiver.p256dh),
      auth: toBase64Url(receiver.auth),
    };
    const answer = (status: number) => ({
      vapid,
      subject: 'https://barter.example',
      ttl: 60,
      urgency: 'normal' as const,
      fetch: async () => new Response('no', { status }),
    });
    expect(await sendPush(target, message, answer(201))).toBe('sent');
    expect(await sendPush(target, message, answer(410))).toBe('gone');
    expect(await sendPush(target, message, answer(404))).toBe('gone');
    expect(await sendPush(target, message, answer(429))).toBe('failed');
    expect(await sendPush(target, message, answer(503))).toBe('failed');
    const offline = { ...answer(201), fetch: async () => Promise.reject(new TypeError('network')) };
    expect(await sendPush(target, message, offline)).toBe('failed');
  });
});
