import type { SeasonalTheme } from "@deals/domain/theme";
import type { Tile } from "../lib/api-types.ts";
import type { DealCardView } from "../lib/listing.server.ts";
import { DealCard } from "./DealCard.tsx";
import { DealCardList } from "./DealCardList.tsx";
import { Link } from "./Link.tsx";
import { Tiles } from "./Tiles.tsx";

export interface HomeRow {
  slug: string;
  title: string;
  url: string | null;
  deals: DealCardView[];
}

export interface HomeView {
  location: { shortName: string; name: string };
  mainDeal: DealCardView | null;
  secondaryDeals: DealCardView[];
  collections: HomeRow[];
}

/** What each season's banner says and where it leads (the special pages, product.md §2). */
const SEASON_BANNERS: Record<SeasonalTheme, { title: string; text: string }> = {
  "black-friday": {
    title: "Black Friday",
    text: "Our biggest discounts of the year, every deal 60% off or more.",
  },
  christmas: {
    title: "Christmas",
    text: "Gifts for everyone on your list, festive treats and winter breaks.",
  },
  valentines: {
    title: "Valentine's Day",
    text: "Dinners, spa days and breaks for two, and gifts they'll love.",
  },
};

/** The main deal, large: the first thing a shopper sees. */
function HeroDeal({ deal }: { deal: DealCardView }) {
  return (
    <div className="hero-deal">
      <p className="hero-deal__label">Today's top deal</p>
      <DealCard deal={deal} eager />
    </div>
  );
}

/** A row of deals under a heading, with a link to the listing that has the rest. */
function CollectionRow({ row }: { row: HomeRow }) {
  const id = `home-row-${row.slug}`;
  return (
    <section className="home-row" aria-labelledby={id}>
      <div className="home-row__head">
        <h2 id={id}>{row.title}</h2>
        {row.url && (
          <Link to={row.url} className="home-row__all">
            See all<span className="visually-hidden"> {row.title.toLowerCase()}</span>
          </Link>
        )}
      </div>
      <DealCardList className="deal-row" deals={row.deals} eagerCards={0} />
    </section>
  );
}

interface HomeSectionsProps {
  home: HomeView | null;
  tiles: Tile[] | null;
  season: SeasonalTheme | null;
}

/**
 * The front of a location homepage, above its full listing: the main deal and the secondary
 * deals, the season's banner, category tiles, then a row per collection. All server-rendered
 * links; only the hero and the secondary deals load their pictures at once.
 */
export function HomeSections({ home, tiles, season }: HomeSectionsProps) {
  const banner = season ? SEASON_BANNERS[season] : null;
  return (
    <div className="home">
      {home?.mainDeal && (
        <section className="home-hero" aria-label="Top deals">
          <HeroDeal deal={home.mainDeal} />
          {home.secondaryDeals.length > 0 && (
            <DealCardList
              className="home-hero__more"
              deals={home.secondaryDeals}
              eagerCards={home.secondaryDeals.length}
            />
          )}
        </section>
      )}
      {banner && home && season && (
        <Link className="season-banner" to={`/deals/${home.location.shortName}/special/${season}`}>
          <strong>{banner.title}</strong> {banner.text}
        </Link>
      )}
      {tiles && tiles.length > 0 && <Tiles tiles={tiles} />}
      {home?.collections.map((row) => (
        <CollectionRow key={row.slug} row={row} />
      ))}
      {home && <h2 className="home__all">All deals in {home.location.name}</h2>}
    </div>
  );
}
