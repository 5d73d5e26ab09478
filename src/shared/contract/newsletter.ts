// The newsletter: subscribing, confirming and unsubscribing, with double opt-in
// (docs/api/newsletter.md).
import * as v from 'valibot';
import { newsletterSubscribeSchema, newsletterUnsubscribeSchema } from '../schemas';
import { messageReply } from './common';
import { route } from './route';

const tag = 'Newsletter';

export const newsletterRoutes = {
  subscribe: route({
    method: 'POST',
    path: '/api/newsletter/subscribe',
    tag,
    summary: 'Ask for the newsletter: a confirmation link is mailed',
    access: 'anyone',
    body: newsletterSubscribeSchema,
    reply: messageReply,
    errors: [400],
    notes: "Always the same reply, whatever the address's state. 5 an address a minute and a day; 3 an email a day.",
  }),
  confirm: route({
    method: 'GET',
    path: '/api/newsletter/confirm',
    tag,
    summary: "Confirm the subscription with the emailed link's token",
    access: 'anyone',
    query: v.object({ token: v.optional(v.string()) }),
    reply: messageReply,
    errors: [400],
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    tag,
    summary: "Unsubscribe with a newsletter mail's token",
    access: 'anyone',
    body: newsletterUnsubscribeSchema,
    reply: messageReply,
    errors: [400],
  }),
};
