// The header navigation: popovers, the More entry, the scrolling row.
import { enhanceSiteNav, SITE_NAV_CONFIG, visibleEntryCount } from "../lib/site-nav-script.ts";

enhanceSiteNav(SITE_NAV_CONFIG, visibleEntryCount);
