// The demo community's photos and avatars (development only): drawings rendered once by
// scripts/render-demo-images.mjs into public/demo-images/, shipped as static assets and read here
// through the ASSETS binding, like the gazetteer (so the Worker bundle carries none of them). The
// seed stores each in R2 under a fresh upload key with its thumbnail and records the uploads rows,
// so demo listings use the same /objects/uploads/<uuid> paths and serving code as members' photos
// (docs/decisions/019-demo-photos-and-thumbnails.md).
import * as v from 'valibot';
import { objectPath, thumbKey, uploadKey } from '../db/queries/images';
import { GAZETTEER_BASE_URL, type AssetFetcher } from '../lib/gazetteer';

/** Where the files are: the gazetteer's asset host, which the Vite dev server also accepts. */
const BASE_URL = new URL('../demo-images/', GAZETTEER_BASE_URL).href;

const manifestSchema = v.object({
  /** Listing title → its photos' names (`listings/<slug>-<n>`; `.jpg` and `.thumb.jpg` exist). */
  listings: v.record(v.string(), v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(3))),
  /** Username → the avatar's name (`avatars/<username>`; `.jpg` exists). */
  avatars: v.record(v.string(), v.string()),
});
export type DemoImageManifest = v.InferOutput<typeof manifestSchema>;

export async function demoImageManifest(assets: AssetFetcher): Promise<DemoImageManifest> {
  const response = await assets.fetch(`${BASE_URL}manifest.json`);
  if (!response.ok)
    throw new Error(
      `Demo images are missing (public/demo-images/manifest.json: ${response.status}); run node scripts/render-demo-images.mjs`,
    );
  return v.parse(manifestSchema, await response.json());
}

async function assetBytes(assets: AssetFetcher, name: string): Promise<ArrayBuffer> {
  const response = await assets.fetch(`${BASE_URL}${name}`);
  if (!response.ok) throw new Error(`Demo image ${name} is missing (${response.status})`);
  return response.arrayBuffer();
}

/** One demo image copied into R2: what the uploads row and the listing or profile need. */
export interface StoredDemoImage {
  key: string;
  path: string;
}

/**
 * Copies a demo image (and its thumbnail, when it has one) from the static assets into R2 under a
 * new upload key, as a member's upload would be stored. Returns the key and its object path.
 */
export async function storeDemoImage(
  env: Pick<Env, 'ASSETS' | 'IMAGES'>,
  name: string,
  withThumbnail: boolean,
): Promise<StoredDemoImage> {
  const key = uploadKey(crypto.randomUUID());
  const options = { httpMetadata: { contentType: 'image/jpeg' } };
  await Promise.all([
    assetBytes(env.ASSETS, `${name}.jpg`).then((bytes) => env.IMAGES.put(key, bytes, options)),
    withThumbnail
      ? assetBytes(env.ASSETS, `${name}.thumb.jpg`).then((bytes) => env.IMAGES.put(thumbKey(key), bytes, options))
      : null,
  ]);
  return { key, path: objectPath(key) };
}
