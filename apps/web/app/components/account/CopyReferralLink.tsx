/**
 * The customer's referral link, in a read-only field to select and copy, with a "Copy link"
 * button once the page's script runs (the clipboard needs it). The copy is announced and
 * counted as a share.
 */
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";

export const LINK_COPIED_MESSAGE = "Link copied. Paste it into a message to a friend.";
const COPY_FAILED_MESSAGE = "Your browser did not let us copy: select the link and copy it.";

export function CopyReferralLink({ link }: { link: string }) {
  const [scripted, setScripted] = useState(false);
  const [message, setMessage] = useState("");
  const fetcher = useFetcher();
  useEffect(() => setScripted(true), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setMessage(LINK_COPIED_MESSAGE);
      fetcher.submit({ intent: "shared" }, { method: "post" });
    } catch {
      setMessage(COPY_FAILED_MESSAGE);
    }
  };
  return (
    <div className="raf-link">
      <div className="field">
        <label htmlFor="referral-link">Your link</label>
        <input
          id="referral-link"
          type="text"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      {scripted && (
        <button type="button" className="button button--secondary" onClick={copy}>
          Copy link
        </button>
      )}
      <p className="raf-link__status" role="status">
        {message}
      </p>
    </div>
  );
}
