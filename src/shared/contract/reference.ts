// The API's own reference: the OpenAPI document generated from these declarations, and a page
// that reads it.
import * as v from 'valibot';
import { route } from './route';

export const referenceRoutes = {
  openapi: route({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This reference as an OpenAPI 3.1 document',
    access: 'anyone',
    reply: v.looseObject({ openapi: v.literal('3.1.0') }),
  }),
  docs: route({
    method: 'GET',
    path: '/api/docs',
    tag: 'Reference',
    summary: 'This reference as a page to read',
    access: 'anyone',
    reply: v.string(),
    replyType: 'text/html',
  }),
};
