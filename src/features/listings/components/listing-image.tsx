import { ImageIcon } from '@radix-ui/react-icons';
import { OBJECT_PATH_PATTERN } from '../../../shared/constants';
import '../listings.css';

/** How wide a card's photo shows: half a phone's width in two columns, a third of the page above. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 400px';

/**
 * The 400w thumbnail and the 800w photo of an uploaded image, for `srcset` (docs/api/listings.md
 * "Thumbnails"); undefined for any other source, which has only itself.
 */
export function imageSrcSet(src: string): string | undefined {
  return OBJECT_PATH_PATTERN.test(src) ? `${src}/thumb 400w, ${src} 800w` : undefined;
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
  return (
    <div className={`listing-image ${className}`}>
      {src ? (
        <img src={src} srcSet={imageSrcSet(src)} sizes={sizes} alt={alt} width={800} height={600} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      ) : (
        <div className="listing-image-placeholder" role={alt ? 'img' : undefined} aria-label={alt ? `${alt} (no photo)` : undefined}>
          <ImageIcon width="28" height="28" aria-hidden="true" />
          <span aria-hidden="true">No photo</span>
        </div>
      )}
    </div>
  );
}
