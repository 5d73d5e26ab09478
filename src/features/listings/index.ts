export { featuredListingsQuery, listingDetailQuery, listingPageQuery, userListingsQuery } from './api';
export { CreateListingDialog } from './components/create-listing-dialog';
export { checkImageFiles, uploadImage } from './image-upload';
