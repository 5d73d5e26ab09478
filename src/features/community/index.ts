export { activityLevel, capitalize, formatCount, formatMoney } from './activity';
export {
  ACTIVITY_REFRESH_MS,
  activityQuery,
  DASHBOARD_REFRESH_MS,
  dashboardQuery,
  newestTestimonialsQuery,
} from './api';
export { useCommunityFeed } from './use-community-feed';
export { StoryBarter } from './components/story-barter';
