// Photos: upload addresses, the signed upload and thumbnails.
import * as v from 'valibot';
import { UPLOAD_UUID } from '../constants';
import { listingImageSchema } from '../schemas/listing';
import { route } from './route';

/** Where the browser PUTs a photo and its thumbnail: signed, valid 15 minutes. */
export const uploadUrls = v.strictObject({ uploadURL: v.string(), thumbnailUploadURL: v.string() });
export type UploadUrls = v.InferOutput<typeof uploadUrls>;

/** The path a listing (or a profile) stores for a photo: `/objects/uploads/<uuid>`. */
export const storedImage = v.strictObject({ objectPath: v.string() });

/** The signature the upload URLs carry (the handler reads them as given). */
const signed = v.object({ expires: v.optional(v.string()), signature: v.optional(v.string()) });

const jpegBody =
  'The body is the JPEG bytes, sent with Content-Type: image/jpeg and no cookie: the signature is the authorisation.';

export const imageRoutes = {
  uploadUrls: route({
    method: 'POST',
    path: '/api/objects/upload',
    tag: 'Images',
    summary: 'Signed addresses to upload a photo and its thumbnail to',
    access: 'member',
    reply: uploadUrls,
    errors: [401],
    notes: 'A member holds at most 20 uploads not yet used; the next is 429 with Retry-After.',
  }),
  upload: route({
    method: 'PUT',
    path: `/api/objects/upload/:uuid{${UPLOAD_UUID}}`,
    tag: 'Images',
    summary: 'Store a photo (the signed uploadURL)',
    access: 'anyone',
    query: signed,
    reply: storedImage,
    errors: [403, 409, 413, 415],
    notes: `${jpegBody} At most 10 MB.`,
  }),
  uploadThumbnail: route({
    method: 'PUT',
    path: `/api/objects/upload/:uuid{${UPLOAD_UUID}}/thumb`,
    tag: 'Images',
    summary: "Store a photo's thumbnail (the signed thumbnailUploadURL)",
    access: 'anyone',
    query: signed,
    reply: v.strictObject({ thumbnailPath: v.string() }),
    errors: [403, 409, 413, 415],
    notes: `${jpegBody} At most 1 MB; without one, the photo stands in for its thumbnail.`,
  }),
  claim: route({
    method: 'PUT',
    path: '/api/listing-images',
    tag: 'Images',
    summary: 'The object path of an upload of the caller whose bytes arrived',
    access: 'member',
    body: listingImageSchema,
    reply: storedImage,
    errors: [400, 401, 403, 404],
  }),
};
