// Reviews a member received: reviewer, stars, date, comment and the listing it was about.
import { Card, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { Review } from '@/shared/contract/reviews';
import { VerifiedMark } from '@/components/verified-mark';
import { StarRating } from './star-rating';
import { fmt } from '@/lib/intl';
import * as m from '@/lib/messages';
import { richText } from '@/lib/rich-text';
import './reviews.css';

const REVIEW_DATE: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };

export function ReviewList({ reviews }: { reviews: Review[] }) {
  return (
    <Flex asChild direction="column" gap="3">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {reviews.map((review) => (
          <li key={review.id}>
            <Card className="review-item" data-testid="review">
              <Flex direction="column" gap="2">
                <Flex justify="between" align="center" gap="2" wrap="wrap">
                  <Flex align="center" gap="2" wrap="wrap">
                    <Heading as="h3" size="2">
                      {review.reviewerName}
                    </Heading>
                    {review.reviewerVerified && <VerifiedMark />}
                  </Flex>
                  <Text size="1" color="gray">
                    <time dateTime={review.createdAt}>{fmt.date(review.createdAt, REVIEW_DATE)}</time>
                  </Text>
                </Flex>
                <StarRating value={review.rating} />
                {review.comment && (
                  <Text as="p" size="2" className="review-comment">
                    {review.comment}
                  </Text>
                )}
                <Text size="1" color="gray">
                  {richText(m.reviews_for_listing, {
                    listing: (
                      <ThemeLink asChild size="1">
                        <Link to="/listing/$id" params={{ id: String(review.listingId) }}>
                          {review.listingTitle}
                        </Link>
                      </ThemeLink>
                    ),
                  })}
                </Text>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
