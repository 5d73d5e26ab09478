export { userReviewsQuery } from './api';
export { ReviewDialog } from './components/review-dialog';
export { ReviewList } from './components/review-list';
export { StarRating } from './components/star-rating';
