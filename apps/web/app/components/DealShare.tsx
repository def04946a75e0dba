/**
 * The deal page's share button (lib/deal-share-script.ts turns it on): hidden until the
 * script runs, a native button (keyboard operable), its outcome announced in a status line.
 * The brand's API headers ride along for the script's loyalty reports.
 */
export function DealShare({ apiBrand, apiCountry }: { apiBrand: string; apiCountry: string }) {
  return (
    <div
      className="deal-share"
      data-deal-share
      data-api-brand={apiBrand}
      data-api-country={apiCountry}
      hidden
    >
      <button type="button" className="button button--secondary deal-share__button">
        Share this deal
      </button>
      <p className="deal-share__status" role="status" data-deal-share-status />
    </div>
  );
}
