import { ImageIcon } from '@radix-ui/react-icons';
import { useState } from 'react';
import { BUILT_MEDIA_ORIGIN, CARD_IMAGE_SIZES, imageSrcSet, mediaUrl } from '@/shared/media';
import './listing-image.css';
import * as m from '@/lib/messages';

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
          aria-label={alt ? m.common_no_photo_label({ title: alt }) : undefined}
        >
          <ImageIcon width="28" height="28" aria-hidden="true" />
          <span aria-hidden="true">{m.common_no_photo()}</span>
        </div>
      )}
    </div>
  );
}
