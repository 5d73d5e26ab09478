export { featuredListingsQuery, listingDetailQuery, listingPageQuery, userListingsQuery } from './api';
export { CreateListingDialog } from './components/create-listing-dialog';
export { ListingCard } from './components/listing-card';
export { ListingGrid } from './components/listing-grid';
export { checkImageFiles, uploadImage } from './image-upload';
