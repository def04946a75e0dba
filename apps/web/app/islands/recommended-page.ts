// /recommended-for-you: recommendations from the deals viewed, in place of the server's.
import { showViewedDealsLater, VIEWED_DEALS_LIMIT } from "../lib/listing-page-script.ts";

showViewedDealsLater(VIEWED_DEALS_LIMIT, "/resources/recommended-for-you");
