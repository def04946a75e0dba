// Errors in the shopper's browser, reported to the API's log (first in the document).
import { reportPageErrors } from "../lib/error-log-script.ts";
import { readShellData } from "../lib/shell-data.ts";

reportPageErrors(readShellData()?.apiHeaders ?? {});
