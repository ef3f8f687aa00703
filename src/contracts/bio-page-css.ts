import { readableOnWhite, textColourOn } from './colour';

/** The page's colours when the brand kit has none: a calm ink and an indigo. */
export const DEFAULT_BRAND_COLOUR = '#1f2937';
export const DEFAULT_ACCENT_COLOUR = '#6366f1';

export interface BioColours {
  /** Fills the link buttons and the band at the top. */
  brand: string;
  /** Black or white: the buttons' label, by contrast with `brand`. */
  onBrand: string;
  /** The band's second colour (decoration only). */
  accent: string;
  /** Text on the white page in the brand's colour, or dark ink when the brand colour is too pale. */
  brandText: string;
}

const INK = '#111827';

/** The page's colours from the brand kit's (either may be missing). */
export function bioColours(primary: string | null, accent: string | null): BioColours {
  const brand = primary ?? DEFAULT_BRAND_COLOUR;
  return {
    brand,
    onBrand: textColourOn(brand),
    accent: accent ?? (primary ? brand : DEFAULT_ACCENT_COLOUR),
    brandText: readableOnWhite(brand) ? brand : INK,
  };
}

/**
 * The page's one stylesheet, inline: no web font (the system's), no request before the first
 * paint. Every rule hangs off `.bio` so the editor's preview can put the same CSS in a shadow root.
 */
export function bioPageCss(colours: BioColours): string {
  return `
body{margin:0;background:#fff}
.bio{--brand:${colours.brand};--on-brand:${colours.onBrand};--accent:${colours.accent};--brand-text:${colours.brandText};--ink:${INK};--muted:#4b5563;
box-sizing:border-box;min-height:100vh;background:#fff;color:var(--ink);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-text-size-adjust:100%}
.bio *,.bio *::before,.bio *::after{box-sizing:inherit}
.bio-band{height:136px;background:linear-gradient(135deg,var(--brand),var(--accent))}
.bio-main{max-width:36rem;margin:-56px auto 0;padding:0 1rem 2rem}
.bio-header{text-align:center;margin-bottom:1.75rem}
.bio-logo{display:block;width:112px;height:112px;margin:0 auto 1rem;border-radius:50%;border:4px solid #fff;
background:#fff;object-fit:cover;box-shadow:0 6px 20px rgba(17,24,39,.16)}
.bio-initial{display:flex;align-items:center;justify-content:center;background:var(--brand);color:var(--on-brand);
font-size:2.75rem;font-weight:700}
.bio-title{margin:0;font-size:1.625rem;line-height:1.25;font-weight:750;letter-spacing:-.01em;overflow-wrap:anywhere}
.bio-name{margin:.25rem 0 0;color:var(--brand-text);font-weight:600;font-size:.95rem}
.bio-description{margin:.625rem auto 0;max-width:30rem;color:var(--muted);white-space:pre-line;overflow-wrap:anywhere}
.bio-links{list-style:none;margin:0;padding:0;display:grid;gap:.875rem}
.bio-link{display:grid;grid-template-columns:44px 1fr 44px;align-items:center;gap:.5rem;min-height:60px;padding:8px;
border-radius:30px;background:var(--brand);color:var(--on-brand);text-decoration:none;font-weight:650;
box-shadow:inset 0 0 0 1px rgba(17,24,39,.08),0 2px 6px rgba(17,24,39,.12);transition:transform .15s ease,box-shadow .15s ease}
.bio-link:hover{transform:translateY(-2px);box-shadow:inset 0 0 0 1px rgba(17,24,39,.08),0 8px 18px rgba(17,24,39,.18)}
.bio-link:focus-visible{outline:3px solid var(--ink);outline-offset:3px}
.bio-link-title{grid-column:2;text-align:center;overflow-wrap:anywhere;line-height:1.3}
.bio-thumb{grid-column:1;width:44px;height:44px;border-radius:50%;object-fit:cover;background:#fff}
.bio-posts{margin-top:2.5rem}
.bio-posts-title{margin:0 0 .75rem;font-size:.8rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;
color:var(--muted);text-align:center}
.bio-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(3,1fr);gap:6px}
.bio-tile{display:block;position:relative;aspect-ratio:1;overflow:hidden;border-radius:10px;background:var(--brand);
color:var(--on-brand);text-decoration:none}
.bio-tile img{display:block;width:100%;height:100%;object-fit:cover;transition:transform .2s ease}
.bio-tile:hover img{transform:scale(1.04)}
.bio-tile:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
.bio-tile-text{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:5;overflow:hidden;margin:.625rem;
font-size:.75rem;line-height:1.35;overflow-wrap:anywhere}
.bio-footer{padding:0 1rem 2rem;text-align:center;font-size:.8rem;color:var(--muted)}
@media (min-width:640px){.bio-band{height:176px}.bio-main{margin-top:-64px;padding-bottom:3rem}.bio-logo{width:128px;height:128px}
.bio-title{font-size:2rem}.bio-grid{gap:8px}}
@media (prefers-reduced-motion:reduce){.bio-link,.bio-tile img{transition:none}}
`.trim();
}
