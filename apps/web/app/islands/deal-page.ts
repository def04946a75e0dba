// The deal page: countdown, chosen product, pictures, recently viewed, add to basket in place.
import { runDealPage } from "../lib/deal-page-script.ts";

runDealPage();
