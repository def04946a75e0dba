// /recently-viewed: every list the browser keeps, up to 5 deals of each location type.
import { showViewedDealsLater, VIEWED_DEALS_LIMIT } from "../lib/listing-page-script.ts";

showViewedDealsLater(VIEWED_DEALS_LIMIT, "/resources/recently-viewed");
