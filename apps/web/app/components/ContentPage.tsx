import type { ReactNode } from "react";
import type { Crumb } from "../lib/structured-data.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";

export interface ContentSection {
  heading: string | null;
  paragraphs: string[];
}

interface ContentPageProps {
  title: string;
  sections: readonly ContentSection[];
  crumbs?: readonly Crumb[];
  /** What follows the text (a guide's deals, the other guides). */
  children?: ReactNode;
}

/** A page of text: static pages, guides and the like. */
export function ContentPage({ title, sections, crumbs, children }: ContentPageProps) {
  return (
    <article className="content-page">
      {crumbs && <Breadcrumbs crumbs={crumbs} />}
      <h1>{title}</h1>
      {sections.map((section, i) => (
        // Sections have no id; their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <section key={i}>
          {section.heading && <h2>{section.heading}</h2>}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}
