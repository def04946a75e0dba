import { Link } from "react-router";
import { DEAL_IMAGE_SIZE } from "../lib/images.ts";
import type { DealCardView } from "../lib/listing.server.ts";
import { CardPrice } from "./Price.tsx";
import { WishlistHeart } from "./WishlistHeart.tsx";

interface DealCardProps {
  deal: DealCardView;
  /** Cards in the first screenful load their picture at once; the rest when scrolled to. */
  eager: boolean;
}

export function DealCard({ deal, eager }: DealCardProps) {
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
