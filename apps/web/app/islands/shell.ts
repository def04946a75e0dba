// Every page: wishlist hearts that change in place.
import { enhanceWishlistHearts, WISHLIST_HEART_MESSAGES, WISHLIST_STATUS_ID } from "../lib/wishlist-heart.ts";

enhanceWishlistHearts(WISHLIST_STATUS_ID, WISHLIST_HEART_MESSAGES.failed);
