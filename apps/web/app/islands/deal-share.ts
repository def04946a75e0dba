// The deal page's share button and its club-points view and share reports.
import { runDealSharing } from "../lib/deal-share-script.ts";

runDealSharing();
