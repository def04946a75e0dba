// Plain (not hydrated) pages: the smart app banner, then the search box's suggestions and the
// exit promo, each in a task of its own after the page's first paint.
import { enhancePlainExitPromo } from "../lib/exit-promo-script.ts";
import { enhancePlainSearchBox } from "../lib/search-box-script.ts";
import { readShellData } from "../lib/shell-data.ts";
import { showPlainSmartBanner } from "../lib/smart-banner-script.ts";

showPlainSmartBanner();
const shell = readShellData();
const plain = shell?.plain;
if (shell && plain) {
  setTimeout(() => enhancePlainSearchBox({ headers: shell.apiHeaders, location: plain.location }));
  setTimeout(() => enhancePlainExitPromo(plain.exitPromo));
}
