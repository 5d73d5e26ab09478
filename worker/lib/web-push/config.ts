// The instance's Web Push configuration from its variables: the VAPID key pair (both secrets,
// made once by the deploy or, locally, kept in the state folder) and the subject push services
// may reach the operator at. No keys: push is off, and the routes say so.
import type { VapidKeys } from './vapid';

export interface WebPushConfig {
  vapid: VapidKeys;
  subject: string;
}

export function webPushConfig(env: {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  APP_ORIGIN?: string;
  MAIL_FROM?: string;
}): WebPushConfig | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  const origin = env.APP_ORIGIN?.startsWith('https://') ? env.APP_ORIGIN : null;
  const mail = env.MAIL_FROM ? /<([^>]+)>|(\S+@\S+)/.exec(env.MAIL_FROM) : null;
  const subject = origin ?? (mail ? `mailto:${mail[1] ?? mail[2]}` : 'mailto:push@localhost');
  return { vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }, subject };
}

/** Where a subscription may point: a push service over https, or a local one in development. */
export function allowedEndpoint(endpoint: string, development: boolean): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  return development && url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
}
