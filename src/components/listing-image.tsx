import { ImageIcon } from '@radix-ui/react-icons';
import { useState } from 'react';
import { OBJECT_PATH_PATTERN } from '@/shared/constants';
import { BUILT_MEDIA_ORIGIN, mediaUrl } from '@/shared/media';
import './listing-image.css';

/** How wide a card's photo shows: half a phone's width in two columns, a third of the page above. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 400px';

/**
 * The 400w thumbnail and the 800w photo of an uploaded image, for `srcset` (docs/api/listings.md
 * "Thumbnails"), from the media origin when there is one (src/shared/media.ts); undefined for any
 * other source, which has only itself.
 */
export function imageSrcSet(src: string, mediaOrigin: string = BUILT_MEDIA_ORIGIN): string | undefined {
  return OBJECT_PATH_PATTERN.test(src)
    ? `${mediaUrl(`${src}/thumb`, mediaOrigin)} 400w, ${mediaUrl(src, mediaOrigin)} 800w`
    : undefined;
}

/**
 * A listing photo in a 4:3 box that is sized before the image arrives (no layout shift).
 * Images are stored at most 800×600, so those are the intrinsic dimensions we declare; `sizes`
 * lets the browser take the thumbnail where the box is small.
 */
export function ListingImage({
  src,
  alt,
  eager = false,
  className = '',
  sizes = CARD_IMAGE_SIZES,
}: {
  src?: string;
  alt: string;
  eager?: boolean;
  className?: string;
  sizes?: string;
}) {
  // A photo the media origin cannot serve (say, an upload older than the thumbnails) is loaded
  // once more through the Worker, whose /thumb falls back to the photo.
  const [viaWorker, setViaWorker] = useState<string | null>(null);
  const origin = src && viaWorker === src ? '' : BUILT_MEDIA_ORIGIN;
  return (
    <div className={`listing-image ${className}`}>
      {src ? (
        <img
          src={mediaUrl(src, origin)}
          srcSet={imageSrcSet(src, origin)}
          sizes={sizes}
          alt={alt}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={origin ? () => setViaWorker(src) : undefined}
        />
      ) : (
        <div
          className="listing-image-placeholder"
          role={alt ? 'img' : undefined}
          aria-label={alt ? `${alt} (no photo)` : undefined}
        >
          <ImageIcon width="28" height="28" aria-hidden="true" />
          <span aria-hidden="true">No photo</span>
        </div>
      )}
    </div>
  );
}
