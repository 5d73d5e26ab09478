import { Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { ListingImage } from '@/components/listing-image';
import * as m from '@/lib/messages';

/** The listing's photos: one large, with a thumbnail button for each when there are several. */
export function ListingGallery({ title, images }: { title: string; images: string[] }) {
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(0, images.length - 1));
  const alt = images.length > 1 ? m.listings_photo_of({ title, number: current + 1, count: images.length }) : title;
  return (
    <Flex direction="column" gap="2">
      <ListingImage
        src={images[current]}
        alt={alt}
        eager
        sizes="(min-width: 900px) 66vw, 100vw"
        className={`gallery-main ${images.length === 0 ? 'gallery-empty' : ''}`}
      />
      {images.length > 1 && (
        <div className="gallery-thumbs">
          {images.map((src, index) => (
            <button
              key={src}
              type="button"
              className="gallery-thumb"
              aria-pressed={index === current}
              aria-label={m.listings_show_photo({ number: index + 1, count: images.length })}
              onClick={() => setSelected(index)}
            >
              <ListingImage src={src} alt="" sizes="88px" />
            </button>
          ))}
        </div>
      )}
    </Flex>
  );
}
