// The near-me pages' "Use my location" button.
import { addressWithPosition, enhanceUseMyLocation, USE_MY_LOCATION_CONFIG } from "../lib/near-me-script.ts";

enhanceUseMyLocation(USE_MY_LOCATION_CONFIG, addressWithPosition);
