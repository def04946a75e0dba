/** /myaccount: the account's first page is the personal info. */
import { redirect } from "react-router";

export function loader() {
  return redirect("/myaccount/profile");
}
