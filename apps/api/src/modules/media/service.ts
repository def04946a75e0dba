/**
 * Deal pictures, drawn rather than downloaded (contracts "Image descriptors"): the image id
 * `${categoryShortName}-${dealId}-${n}` decides everything, so the same id always gives the
 * same picture. A gradient tinted by the category, a few soft shapes placed by the id, and
 * one simple motif for the kind of deal. No text is drawn; the alt text lives with the deal.
 */

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 500;

const IMAGE_ID = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,10})-(\d{1,3})$/;

interface Theme {
  hue: number;
  motif: (random: () => number) => string;
}

// Motifs are drawn around (0, 0) in a box about 240 by 240, in white.
const flower = () => {
  const petals = Array.from(
    { length: 6 },
    (_, i) => `<ellipse cx="0" cy="-62" rx="34" ry="62" transform="rotate(${i * 60})"/>`,
  ).join("");
  return `${petals}<circle r="30" fill-opacity="1"/>`;
};
const plate = () =>
  '<circle r="92" fill="none" stroke="#fff" stroke-width="14"/><circle r="58" fill-opacity="0.55"/>' +
  '<rect x="-150" y="-90" width="14" height="180" rx="7"/><rect x="136" y="-90" width="14" height="180" rx="7"/>' +
  '<rect x="-164" y="-90" width="42" height="60" rx="10" fill-opacity="0.7"/>';
const sunAndSea = () =>
  '<circle cx="0" cy="-40" r="70"/>' +
  '<path d="M-170 60 q42.5 -28 85 0 t85 0 t85 0 t85 0" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round"/>' +
  '<path d="M-170 105 q42.5 -28 85 0 t85 0 t85 0 t85 0" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-opacity="0.6"/>';
const bag = () =>
  '<path d="M-95 -40 h190 l20 160 h-230 z"/>' +
  '<path d="M-45 -40 v-30 a45 45 0 0 1 90 0 v30" fill="none" stroke="#fff" stroke-width="14"/>';
const mountains = () =>
  '<path d="M-170 110 L-60 -60 L10 40 L70 -20 L170 110 z"/>' +
  '<path d="M-60 -60 L-60 -130 L-10 -112 L-60 -94" fill-opacity="1"/>';
const giftBox = () =>
  '<rect x="-110" y="-30" width="220" height="140" rx="8"/><rect x="-125" y="-70" width="250" height="50" rx="8"/>' +
  '<rect x="-14" y="-70" width="28" height="180" fill="#000" fill-opacity="0.18"/>' +
  '<path d="M0 -70 C-40 -140 -110 -100 -60 -70 z M0 -70 C40 -140 110 -100 60 -70 z"/>';
const heart = () =>
  '<path d="M0 100 C-150 10 -120 -110 -40 -100 C-15 -97 0 -75 0 -60 C0 -75 15 -97 40 -100 C120 -110 150 10 0 100 z"/>';
const star = (random: () => number) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? 120 : 52;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(radius * Math.cos(angle)).toFixed(1)},${(radius * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
  return `<polygon points="${points}" transform="rotate(${Math.round(random() * 30 - 15)})"/>`;
};

const house = () =>
  '<path d="M0 -120 L140 0 H105 V110 H-105 V0 H-140 z"/>' +
  '<rect x="-30" y="40" width="60" height="70" fill="#000" fill-opacity="0.18"/>';
const rings = () =>
  '<circle r="110" fill="none" stroke="#fff" stroke-width="14"/>' +
  '<circle r="70" fill="none" stroke="#fff" stroke-width="14" stroke-opacity="0.7"/><circle r="30"/>';

/** One theme per top-level category of the catalogue (packages/db seed CATEGORY_TREE). */
const THEMES: Record<string, Theme> = {
  "food-and-drink": { hue: 22, motif: plate },
  "beauty-and-spa": { hue: 325, motif: flower },
  "health-and-fitness": { hue: 168, motif: heart },
  activities: { hue: 135, motif: mountains },
  entertainment: { hue: 45, motif: star },
  services: { hue: 205, motif: house },
  shop: { hue: 262, motif: bag },
  escapes: { hue: 195, motif: sunAndSea },
  gifts: { hue: 352, motif: giftBox },
};
/** A category added later still gets a picture until it has a theme of its own. */
const OTHER: Theme = { hue: 230, motif: rings };

function themeFor(categoryShortName: string): Theme {
  return THEMES[categoryShortName] ?? OTHER;
}

/** FNV-1a: a small, stable hash of the id. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: the same sequence of numbers in [0, 1) for the same seed. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The SVG for an image id, or null when the id is not one the catalogue could hold. */
export function renderDealImage(id: string): string | null {
  const match = IMAGE_ID.exec(id);
  if (!match) return null;
  const theme = themeFor(match[1]!);
  const random = randomFrom(hash(id));
  const hue = (theme.hue + Math.round(random() * 24 - 12) + 360) % 360;
  const light = `hsl(${hue} 72% 66%)`;
  const deep = `hsl(${(hue + 28) % 360} 62% 38%)`;
  const [x1, y1] = random() < 0.5 ? [0, 0] : [1, 0];
  const bubbles = Array.from({ length: 4 }, () => {
    const cx = Math.round(random() * IMAGE_WIDTH);
    const cy = Math.round(random() * IMAGE_HEIGHT);
    const r = Math.round(60 + random() * 160);
    const opacity = (0.06 + random() * 0.1).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`;
  }).join("");
  const scale = (0.85 + random() * 0.3).toFixed(2);
  const motif = theme.motif(random);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" ` +
    `viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">` +
    `<defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${1 - x1}" y2="1">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>` +
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#g)"/>${bubbles}` +
    `<g transform="translate(${IMAGE_WIDTH / 2} ${IMAGE_HEIGHT / 2}) scale(${scale})" fill="#fff" fill-opacity="0.88">` +
    `${motif}</g></svg>`
  );
}
