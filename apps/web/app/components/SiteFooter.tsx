import type { Brand, BrandLink } from "@deals/domain/brand";
import { useStaticMarkup } from "../lib/static-markup.ts";

const SOCIAL_NAMES: Record<keyof Brand["social"], string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X",
  tiktok: "TikTok",
};

interface LinkListProps {
  id: string;
  title: string;
  links: readonly BrandLink[];
}

function LinkList({ id, title, links }: LinkListProps) {
  return (
    <section className="site-footer__group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The footer: the brand's alone, so a plain page takes it ready-made (static-markup.server.ts). */
export function SiteFooter({ brand }: { brand: Brand }) {
  const staticMarkup = useStaticMarkup();
  if (staticMarkup) {
    const html = staticMarkup(`site-footer:${brand.id}`, () => <FooterContent brand={brand} />);
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of FooterContent
    return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <footer className="site-footer">
      <FooterContent brand={brand} />
    </footer>
  );
}

function FooterContent({ brand }: { brand: Brand }) {
  const social = (Object.keys(SOCIAL_NAMES) as (keyof Brand["social"])[]).map((network) => ({
    label: `${brand.name} on ${SOCIAL_NAMES[network]}`,
    href: brand.social[network],
  }));
  return (
    <>
      <div className="site-footer__groups">
        <LinkList id="footer-help" title="Help" links={brand.links.help} />
        <LinkList id="footer-legal" title="Legal" links={brand.links.legal} />
        <LinkList id="footer-social" title="Follow us" links={social} />
      </div>
      <p className="site-footer__contact">
        Questions? Email <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
      </p>
      <p className="site-footer__name">{brand.name}</p>
    </>
  );
}
