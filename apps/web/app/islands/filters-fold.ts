// Listing filters folded on small screens before the deals below them are painted.
import { FOLDED_FILTERS_MEDIA, foldFilters } from "../lib/listing-page-script.ts";

foldFilters(FOLDED_FILTERS_MEDIA);
