// Listing photos (docs/api/listings.md, "Images"): checked, resized in the browser to fit 800×600,
// re-encoded as JPEG at quality 0.8, then uploaded through a signed URL with a 400×300 thumbnail
// made from it the same way (docs/api/listings.md "Thumbnails").
import { call } from '@/lib/api-client';
import { imageRoutes } from '@/shared/contract/images';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_LISTING } from '@/shared/constants';
import * as m from '@/lib/messages';

export const MAX_IMAGE_WIDTH = 800;
export const MAX_IMAGE_HEIGHT = 600;
export const JPEG_QUALITY = 0.8;
/** Cards show the thumbnail (srcset): half the photo's size, enough for a phone's two columns. */
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 300;

export interface FileProblem {
  title: string;
  description: string;
}

/** Which picked files to upload, and what to tell the member about the rest. */
export function checkImageFiles(
  files: readonly File[],
  existingCount: number,
): { accepted: File[]; problems: FileProblem[] } {
  const free = MAX_IMAGES_PER_LISTING - existingCount;
  if (free <= 0)
    return {
      accepted: [],
      problems: [{ title: m.listings_images_max(), description: m.error_images_max() }],
    };
  const problems: FileProblem[] = [];
  const valid: File[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/'))
      problems.push({
        title: m.listings_image_invalid_type(),
        description: m.listings_image_invalid_type_text({ name: file.name }),
      });
    else if (file.size > MAX_IMAGE_BYTES)
      problems.push({
        title: m.listings_image_too_large(),
        description: m.listings_image_too_large_text({ name: file.name }),
      });
    else valid.push(file);
  }
  // Files beyond the free slots are dropped.
  return { accepted: valid.slice(0, free), problems };
}

/** The largest size with the same proportions that fits inside maxWidth × maxHeight (never enlarged). */
export function fitWithin(width: number, height: number, maxWidth = MAX_IMAGE_WIDTH, maxHeight = MAX_IMAGE_HEIGHT) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function compressImage(
  file: Blob,
  maxWidth = MAX_IMAGE_WIDTH,
  maxHeight = MAX_IMAGE_HEIGHT,
): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(m.listings_image_load_failed());
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxWidth, maxHeight);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error(m.listings_image_compress_failed());
    // JPEG has no transparency: paint transparent PNG areas white rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob) throw new Error(m.listings_image_compress_failed());
    return blob;
  } catch {
    throw new Error(m.listings_image_compress_failed());
  } finally {
    bitmap.close();
  }
}

/**
 * Signed upload URLs → PUT the JPEG and its thumbnail → register it; returns the object path a
 * listing stores (the thumbnail is served at that path + `/thumb`), and a profile image's
 * (docs/api/users-and-community.md). `onProgress` hears the share of the photo's bytes sent, 0 to 1.
 */
export async function uploadImage(jpeg: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  const [{ uploadURL, thumbnailUploadURL }, thumbnail] = await Promise.all([
    call(imageRoutes.uploadUrls),
    compressImage(jpeg, THUMB_WIDTH, THUMB_HEIGHT),
  ]);
  await Promise.all([putJpeg(uploadURL, jpeg, onProgress), putJpeg(thumbnailUploadURL, thumbnail)]);
  const { objectPath } = await call(imageRoutes.claim, { body: { imageURL: uploadURL } });
  return objectPath;
}

/** The signed PUT. XMLHttpRequest, not fetch: only it reports upload progress. */
function putJpeg(url: string, jpeg: Blob, onProgress?: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', 'image/jpeg');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else reject(new Error(m.listings_image_upload_failed()));
    };
    request.onerror = () => reject(new Error(m.listings_image_upload_failed()));
    request.onabort = () => reject(new Error(m.listings_image_upload_failed()));
    request.send(jpeg);
  });
}
