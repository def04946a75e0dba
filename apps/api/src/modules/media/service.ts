/**
 * Deal pictures, drawn rather than downloaded (contracts "Image descriptors"): the image id
 * `${categoryShortName}-${dealId}-${n}` decides everything, so the same id always gives the
 * same picture. A gradient tinted by the category, a few soft shapes placed by the id, and
 * one of the category's motifs, placed by the id. No text is drawn; the alt text lives with
 * the deal.
 */

export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 500;

const IMAGE_ID = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,10})-(\d{1,3})$/;

type Motif = (random: () => number) => string;

interface Theme {
  hue: number;
  /** The category's own pictures; the id picks one, so a listing is not one icon repeated. */
  motifs: readonly Motif[];
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

const glass = () =>
  '<path d="M-60 -120 h120 l-20 110 a40 40 0 0 1 -80 0 z"/><rect x="-7" y="20" width="14" height="80"/>' +
  '<rect x="-50" y="96" width="100" height="14" rx="7"/>';
const cup = () =>
  '<path d="M-100 -60 h170 v70 a85 85 0 0 1 -170 0 z"/>' +
  '<path d="M70 -30 a38 38 0 0 1 0 76" fill="none" stroke="#fff" stroke-width="14"/>' +
  '<rect x="-130" y="100" width="230" height="14" rx="7" fill-opacity="0.7"/>';
const drop = () =>
  '<path d="M0 -130 C60 -40 100 10 100 50 a100 100 0 0 1 -200 0 C-100 10 -60 -40 0 -130 z"/>';
const candle = () =>
  '<rect x="-45" y="-30" width="90" height="150" rx="10"/>' +
  '<path d="M0 -110 C25 -80 20 -55 0 -45 C-20 -55 -25 -80 0 -110 z" fill-opacity="1"/>';
const dumbbell = () =>
  '<rect x="-130" y="-14" width="260" height="28" rx="12"/><rect x="-160" y="-70" width="44" height="140" rx="12"/>' +
  '<rect x="116" y="-70" width="44" height="140" rx="12"/>';
const pulse = () =>
  '<path d="M-170 10 h90 l30 -80 l45 150 l35 -110 l25 40 h115" fill="none" stroke="#fff" stroke-width="16" stroke-linejoin="round" stroke-linecap="round"/>';
const tent = () =>
  '<path d="M-160 110 L0 -110 L160 110 z"/><path d="M0 110 L-40 40 L40 40 z" fill="#000" fill-opacity="0.2"/>';
const wheel = (random: () => number) =>
  `<g transform="rotate(${Math.round(random() * 60)})"><circle r="110" fill="none" stroke="#fff" stroke-width="16"/>` +
  Array.from(
    { length: 4 },
    (_, i) => `<rect x="-6" y="-110" width="12" height="220" transform="rotate(${i * 45})"/>`,
  ).join("") +
  '<circle r="26"/></g>';
const mask = () =>
  '<path d="M-150 -70 C-150 80 -40 110 0 40 C40 110 150 80 150 -70 C70 -40 -70 -40 -150 -70 z"/>' +
  '<ellipse cx="-62" cy="0" rx="28" ry="18" fill="#000" fill-opacity="0.25"/><ellipse cx="62" cy="0" rx="28" ry="18" fill="#000" fill-opacity="0.25"/>';
const note = () =>
  '<ellipse cx="-60" cy="80" rx="46" ry="34"/><ellipse cx="80" cy="50" rx="46" ry="34"/>' +
  '<path d="M-20 80 V-100 L120 -130 V50" fill="none" stroke="#fff" stroke-width="16"/>';
const key = () =>
  '<circle cx="-80" r="62" fill="none" stroke="#fff" stroke-width="22"/><rect x="-20" y="-11" width="180" height="22"/>' +
  '<rect x="110" y="0" width="18" height="50"/><rect x="140" y="0" width="18" height="36"/>';
const sparkle = () =>
  '<path d="M0 -130 C15 -30 30 -15 130 0 C30 15 15 30 0 130 C-15 30 -30 15 -130 0 C-30 -15 -15 -30 0 -130 z"/>';
const screen = () =>
  '<rect x="-150" y="-100" width="300" height="180" rx="14"/><rect x="-130" y="-80" width="260" height="140" fill="#000" fill-opacity="0.18"/>' +
  '<rect x="-60" y="100" width="120" height="16" rx="8"/>';
const shirt = () =>
  '<path d="M-60 -110 L-150 -60 L-115 10 L-85 -5 V120 H85 V-5 L115 10 L150 -60 L60 -110 C40 -80 -40 -80 -60 -110 z"/>';
const palm = () =>
  '<rect x="-10" y="-40" width="22" height="160" rx="10" transform="rotate(6)"/>' +
  Array.from(
    { length: 5 },
    (_, i) =>
      `<ellipse cx="0" cy="-40" rx="110" ry="22" transform="rotate(${-160 + i * 35} 0 -40) translate(80 0)"/>`,
  ).join("");
const suitcase = () =>
  '<rect x="-140" y="-60" width="280" height="170" rx="18"/>' +
  '<path d="M-50 -60 v-35 h100 v35" fill="none" stroke="#fff" stroke-width="14"/>' +
  '<rect x="-80" y="-60" width="16" height="170" fill="#000" fill-opacity="0.18"/><rect x="64" y="-60" width="16" height="170" fill="#000" fill-opacity="0.18"/>';
const balloon = () =>
  '<ellipse cx="0" cy="-40" rx="85" ry="100"/><path d="M0 60 C-20 90 20 110 0 140" fill="none" stroke="#fff" stroke-width="8"/>';
const bow = () =>
  '<path d="M0 0 C-60 -100 -160 -60 -120 10 C-100 50 -40 30 0 0 z M0 0 C60 -100 160 -60 120 10 C100 50 40 30 0 0 z"/>' +
  '<circle r="26" fill-opacity="1"/><path d="M-10 10 L-60 120 M10 10 L60 120" stroke="#fff" stroke-width="18"/>';

/** One theme per top-level category of the catalogue (packages/db seed CATEGORY_TREE). */
const THEMES: Record<string, Theme> = {
  "food-and-drink": { hue: 22, motifs: [plate, glass, cup] },
  "beauty-and-spa": { hue: 325, motifs: [flower, drop, candle] },
  "health-and-fitness": { hue: 168, motifs: [heart, dumbbell, pulse] },
  activities: { hue: 135, motifs: [mountains, tent, wheel] },
  entertainment: { hue: 45, motifs: [star, mask, note] },
  services: { hue: 205, motifs: [house, key, sparkle] },
  shop: { hue: 262, motifs: [bag, screen, shirt] },
  escapes: { hue: 195, motifs: [sunAndSea, palm, suitcase] },
  gifts: { hue: 352, motifs: [giftBox, balloon, bow] },
};
/** A category added later still gets a picture until it has a theme of its own. */
const OTHER: Theme = { hue: 230, motifs: [rings] };
/** Where the motif sits: centred, or to one side with room for the background to show. */
const PLACEMENTS = [
  { x: IMAGE_WIDTH / 2, y: IMAGE_HEIGHT / 2 },
  { x: IMAGE_WIDTH * 0.32, y: IMAGE_HEIGHT * 0.55 },
  { x: IMAGE_WIDTH * 0.68, y: IMAGE_HEIGHT * 0.45 },
];

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

function pickOne<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
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
  const motif = pickOne(theme.motifs, random)(random);
  const place = pickOne(PLACEMENTS, random);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" ` +
    `viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">` +
    `<defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${1 - x1}" y2="1">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>` +
    `<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#g)"/>${bubbles}` +
    `<g transform="translate(${place.x} ${place.y}) scale(${scale})" fill="#fff" fill-opacity="0.88">` +
    `${motif}</g></svg>`
  );
}
