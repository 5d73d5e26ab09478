// A profile image: the centre square of the photo, at most 400×400, as JPEG (quality 0.85).
import * as m from '@/lib/messages';

export const AVATAR_SIZE = 400;

export async function squareAvatar(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(m.profile_image_load_failed());
  }
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const size = Math.max(1, Math.min(AVATAR_SIZE, side));
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error(m.profile_image_compress_failed());
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) throw new Error(m.profile_image_compress_failed());
    return blob;
  } catch {
    throw new Error(m.profile_image_compress_failed());
  } finally {
    bitmap.close();
  }
}
