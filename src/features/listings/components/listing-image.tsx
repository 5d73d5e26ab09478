import { ImageIcon } from '@radix-ui/react-icons';
import '../listings.css';

/**
 * A listing photo in a 4:3 box that is sized before the image arrives (no layout shift).
 * Images are stored at most 800×600, so those are the intrinsic dimensions we declare.
 */
export function ListingImage({ src, alt, eager = false, className = '' }: { src?: string; alt: string; eager?: boolean; className?: string }) {
  return (
    <div className={`listing-image ${className}`}>
      {src ? (
        <img src={src} alt={alt} width={800} height={600} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      ) : (
        <div className="listing-image-placeholder" role={alt ? 'img' : undefined} aria-label={alt ? `${alt} (no photo)` : undefined}>
          <ImageIcon width="28" height="28" aria-hidden="true" />
          <span aria-hidden="true">No photo</span>
        </div>
      )}
    </div>
  );
}
