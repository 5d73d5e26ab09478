// What the Worker embeds in a page's HTML (decision 048): the signed-in member (null for a guest)
// and the replies the page's first screen asks for, each exactly as its API route answers. The
// SPA puts them in its query cache before the first render (src/lib/boot.ts), so a full page load
// sends none of those calls. Each field is the reply of one call; the SPA knows its query key.
import type { Category } from './contract/categories';
import type { Testimonial } from './contract/community';
import type { ConversationSummary } from './contract/conversations';
import type { MemberHome } from './contract/home';
import type { Listing } from './contract/listings';
import type { SelfUser, UserProfile } from './contract/users';

/** The id of the <script type="application/json"> element holding the BootData. */
export const BOOT_ELEMENT_ID = 'boot-data';

/** GET /api/listings's parameters, as the SPA's listingPageQuery keys them. */
export interface BootListingParams {
  search?: string | undefined;
  category?: string | undefined;
  distance?: number | 'any' | undefined;
  near?: string | undefined;
  limit: number;
  offset: number;
}

export interface BootData {
  /** GET /api/auth/current-user: the member, or null (a guest: the call would answer 401). */
  user: SelfUser | null;
  /** GET /api/categories */
  categories?: Category[];
  /** GET /api/listings/featured */
  featured?: Listing[];
  /** GET /api/listings with `params`: the page and its X-Total-Count / X-Total-Count-Exact. */
  listingPage?: { params: BootListingParams; listings: Listing[]; total: number; exact: boolean };
  /** GET /api/testimonials?limit={limit} */
  testimonials?: { limit: number; items: Testimonial[] };
  /** GET /api/listings/{id} */
  listing?: Listing;
  /** GET /api/users/username/{username}: a profile, or a listing's owner. */
  profile?: UserProfile;
  /** GET /api/users/{profile.id}/listings: the listings of the profile's member (a profile page). */
  profileListings?: Listing[];
  /** GET /api/conversations?limit={CONVERSATIONS_PAGE_DEFAULT} */
  conversations?: ConversationSummary[];
  /** GET /api/home: the signed-in member's part of the home page ("/" only; decision 065). */
  memberHome?: MemberHome;
}
