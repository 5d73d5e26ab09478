export {
  conversationInfoOnOpen,
  conversationInfoQuery,
  noteReviewed,
  type OfferTerms,
  storeBarter,
  storeOffer,
  useMakeOffer,
} from './api';
export { OfferCard } from './components/offer-card';
export { cleanTerms, hasTerms, OfferTermsFields } from './components/offer-terms-fields';
export { offerSentence, offerSummary } from './components/offer-summary';
