import { useContext } from "react";
import { dealCardContentHtml } from "../lib/deal-card-html.ts";
import { DEAL_IMAGE_SIZE } from "../lib/images.ts";
import type { DealCardView } from "../lib/listing.server.ts";
import { usePlainRender } from "../lib/static-markup.ts";
import { Link } from "./Link.tsx";
import { CardPrice } from "./Price.tsx";
import { WishedDealIds, WishlistHeart } from "./WishlistHeart.tsx";

interface DealCardProps {
  deal: DealCardView;
  /** Cards in the first screenful load their picture at once; the rest when scrolled to. */
  eager: boolean;
}

export function DealCard({ deal, eager }: DealCardProps) {
  const plain = usePlainRender();
  const wished = useContext(WishedDealIds).includes(deal.id);
  if (plain) {
    // A plain page never hydrates: its cards are written as text, the same markup
    // (lib/deal-card-html.ts), with the preload React adds to the head for an eager <img>.
    const html = dealCardContentHtml(deal, eager, wished);
    return (
      <>
        {eager && deal.image && <link rel="preload" as="image" href={deal.image.url} />}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: every text in it is escaped (deal-card-html.ts) */}
        <article className="deal-card" dangerouslySetInnerHTML={{ __html: html }} />
      </>
    );
  }
  return (
    <article className="deal-card">
      {deal.image && (
        <img
          className="deal-card__image"
          src={deal.image.url}
          alt={deal.image.alt}
          width={DEAL_IMAGE_SIZE.width}
          height={DEAL_IMAGE_SIZE.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      )}
      <div className="deal-card__body">
        <h2 className="deal-card__headline">
          {/* The link covers the whole card (see .deal-card__link::after). */}
          <Link to={deal.urlPath} className="deal-card__link">
            {deal.headline}
          </Link>
        </h2>
        {deal.location && <p className="deal-card__location">{deal.location}</p>}
        {deal.distance && <p className="deal-card__distance">{deal.distance}</p>}
        {deal.stockLabel && <p className="badge badge--stock">{deal.stockLabel}</p>}
        <CardPrice price={deal.price} />
        {deal.stayPrice && <p className="deal-card__stay-price">{deal.stayPrice}</p>}
      </div>
      <WishlistHeart dealId={deal.id} headline={deal.headline} />
    </article>
  );
}
