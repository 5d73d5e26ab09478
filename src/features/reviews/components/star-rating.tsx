// A read-only star rating: five stars filled to the nearest half, read out as "Rated x out of 5".
import { StarFilledIcon, StarIcon } from '@radix-ui/react-icons';
import { Flex } from '@radix-ui/themes';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import './reviews.css';

export function StarRating({ value, size = 16 }: { value: number; size?: number }) {
  const rounded = Math.round(value * 2) / 2;
  const label = m.reviews_rated({ rating: fmt.number(rounded, { maximumFractionDigits: 1 }) });
  return (
    <Flex role="img" aria-label={label} gap="0" className="star-rating" display="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 1 : rounded >= n - 0.5 ? 0.5 : 0;
        return (
          <span key={n} className="star" style={{ width: size, height: size }}>
            <StarIcon width={size} height={size} className="star-empty" aria-hidden="true" />
            {fill > 0 && (
              <span className="star-fill" style={{ width: `${fill * 100}%` }}>
                <StarFilledIcon width={size} height={size} aria-hidden="true" />
              </span>
            )}
          </span>
        );
      })}
    </Flex>
  );
}
