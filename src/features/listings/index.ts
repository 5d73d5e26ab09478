export { featuredListingsQuery, listingDetailQuery, listingPageQuery, userListingsQuery } from './api';
export { CreateListingDialog } from './components/create-listing-dialog';
export { OfferBox } from './components/offer-box';
export { checkImageFiles, uploadImage } from './image-upload';
