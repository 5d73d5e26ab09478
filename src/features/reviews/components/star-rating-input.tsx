// Choosing 1 to 5 stars: native radios in a labelled radio group (arrow keys move, one tab
// stop), drawn as stars.
import { StarFilledIcon, StarIcon } from '@radix-ui/react-icons';
import { Flex, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import './reviews.css';

interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  error?: string;
}

export function StarRatingInput({ value, onChange, error }: StarRatingInputProps) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text id={`${id}-label`} size="2" weight="medium">
        {m.reviews_rating()}
      </Text>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        className="star-input-options"
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="star-input-option">
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="star-input-radio"
            />
            <span className="star-input-star" data-on={n <= value || undefined} aria-hidden="true">
              {n <= value ? <StarFilledIcon width="28" height="28" /> : <StarIcon width="28" height="28" />}
            </span>
            <span className="star-input-label">
              {fmt.one(n)
                ? m.reviews_stars_one({ count: fmt.number(n) })
                : m.reviews_stars_other({ count: fmt.number(n) })}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <Text id={`${id}-error`} size="1" color="red" role="alert" data-testid="field-error">
          {error}
        </Text>
      )}
    </Flex>
  );
}
