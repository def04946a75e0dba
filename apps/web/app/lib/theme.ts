/**
 * The brand's colours as CSS custom properties. The brand config gives the raw colours; the
 * shades here keep every text/background pair at WCAG AA contrast (4.5:1).
 */
import type { Brand } from "@deals/domain/brand";
import type { Theme } from "@deals/domain/theme";

const AA_CONTRAST = 4.5;

/**
 * The page behind the white panels. Link and accent shades are made readable on it, the
 * darker of the two backgrounds, so they read on the panels too.
 */
export const PAGE_BACKGROUND = "#f4f5f7";

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour, darkened in small steps until it reads on `background` at AA contrast. */
export function readableOn(colour: string, background: string): string {
  let rgb = channels(colour);
  while (contrastRatio(toHex(rgb), background) < AA_CONTRAST && rgb.some((c) => c > 0)) {
    rgb = rgb.map((c) => Math.floor(c * 0.95)) as [number, number, number];
  }
  return toHex(rgb);
}

/** Ink or surface, whichever reads better on `background`. */
export function textOn(background: string, ink: string, surface: string): string {
  return contrastRatio(ink, background) >= contrastRatio(surface, background) ? ink : surface;
}

/**
 * Header and accent colours of the seasonal and special themes (product.md §2 "App shell":
 * themes by brand and season; the colours are ours). The brand themes use the brand's own.
 */
const THEME_COLOURS: Partial<Record<Theme, { primary: string; secondary: string }>> = {
  "black-friday": { primary: "#111111", secondary: "#f5c400" },
  christmas: { primary: "#a4161a", secondary: "#1f7a3a" },
  valentines: { primary: "#c2255c", secondary: "#7a1f3d" },
  wellness: { primary: "#3f6b5d", secondary: "#2f6b5c" },
  premium: { primary: "#1d1d27", secondary: "#b8912a" },
};

type ThemeVariables = Readonly<Record<`--${string}`, string>>;

/** Each brand and theme's variables, worked out once: every page's body carries them. */
const variablesByTheme = new Map<string, ThemeVariables>();

export function themeVariables(brand: Brand, theme?: Theme): ThemeVariables {
  const key = `${brand.id}:${theme ?? ""}`;
  let variables = variablesByTheme.get(key);
  if (variables === undefined) {
    variables = Object.freeze(workedOutVariables(brand, theme));
    variablesByTheme.set(key, variables);
  }
  return variables;
}

function workedOutVariables(brand: Brand, theme?: Theme): ThemeVariables {
  const { ink, surface } = brand.colours;
  const { primary, secondary } = (theme && THEME_COLOURS[theme]) ?? brand.colours;
  return {
    "--brand-primary": primary,
    "--brand-on-primary": textOn(primary, ink, surface),
    "--brand-accent": readableOn(secondary, PAGE_BACKGROUND),
    "--brand-link": readableOn(primary, PAGE_BACKGROUND),
    "--brand-ink": ink,
    "--brand-surface": surface,
    "--page-background": PAGE_BACKGROUND,
  };
}
