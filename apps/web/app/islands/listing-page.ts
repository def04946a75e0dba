// Plain listing pages: filters apply at once, Load more in place, the recently viewed strip.
import { enhanceListingPage } from "../lib/listing-page-script.ts";

enhanceListingPage();
