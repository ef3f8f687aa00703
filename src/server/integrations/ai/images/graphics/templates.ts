import type { GraphicTemplate } from '../../../../../contracts/ai-studio';
import { contrastRatio, textColourOn } from '../../../../../contracts/colour';
import { detailsSize, headlineSize } from './fit-text';

/*
 * The branded graphics' layouts as satori elements: plain objects of the shape React elements
 * have ({type, props: {style, children}}), so no JSX runtime is needed on the server. satori
 * supports a subset of CSS (flexbox only, every div with more than one child needs display:flex).
 *
 * The top-right corner is always plain background (tests sample it); the logo sits top left.
 */

export interface SatoriElement {
  type: string;
  props: { style?: Record<string, unknown>; children?: SatoriChild | SatoriChild[]; [key: string]: unknown };
}
type SatoriChild = SatoriElement | string;

export interface CardColours {
  background: string;
  accent: string;
  text: string;
  /** Text on an accent-filled shape. */
  onAccent: string;
}

export interface CardContent {
  template: GraphicTemplate;
  headline: string;
  details: string;
  brandName: string;
  /** A PNG data URL, already sized to fit `logoBox`. */
  logo: { src: string; width: number; height: number } | null;
  width: number;
  height: number;
  fontFamily: string;
  colours: CardColours;
}

/** Pairs for a brand with no colours set, picked by a hash of its name (always the same one). */
const palettes: ReadonlyArray<readonly [string, string]> = [
  ['#1d4ed8', '#f59e0b'],
  ['#0f766e', '#fde047'],
  ['#7c3aed', '#f472b6'],
  ['#b91c1c', '#fcd34d'],
  ['#111827', '#38bdf8'],
  ['#166534', '#a3e635'],
];

export function cardColours(primary: string | null, accent: string | null, brandName: string): CardColours {
  let hash = 0;
  for (const character of brandName) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  const palette = palettes[hash % palettes.length] ?? palettes[0];
  const background = primary ?? palette?.[0] ?? '#1d4ed8';
  // An accent too close to the background would vanish: use the text colour's opposite tint then.
  let chosenAccent = accent ?? (primary ? textColourOn(primary) : (palette?.[1] ?? '#f59e0b'));
  if (contrastRatio(chosenAccent, background) < 1.5) chosenAccent = textColourOn(background);
  return {
    background,
    accent: chosenAccent,
    text: textColourOn(background),
    onAccent: textColourOn(chosenAccent),
  };
}

/** The logo's box: about a tenth of the shorter side, wider than tall. */
export function logoBox(width: number, height: number) {
  const side = Math.min(width, height);
  return { width: Math.round(side * 0.3), height: Math.round(side * 0.1) };
}

const div = (style: Record<string, unknown>, children?: SatoriChild | SatoriChild[]): SatoriElement => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

export function cardElement(card: CardContent): SatoriElement {
  const { width, height, colours } = card;
  const side = Math.min(width, height);
  const pad = Math.round(side * 0.08);
  const headline = div(
    {
      fontSize: headlineSize(card.headline, width, height),
      fontWeight: 700,
      lineHeight: 1.15,
      color: colours.text,
      flexWrap: 'wrap',
    },
    card.headline,
  );
  const details = card.details
    ? div(
        {
          fontSize: detailsSize(card.details, width, height),
          fontWeight: 400,
          lineHeight: 1.35,
          color: colours.text,
          marginTop: Math.round(side * 0.04),
        },
        card.details,
      )
    : null;
  const body = layouts[card.template](card, headline, details, side);
  return div(
    {
      width,
      height,
      position: 'relative',
      // width and height are the picture's: the padding goes inside them.
      boxSizing: 'border-box',
      overflow: 'hidden',
      flexDirection: 'column',
      backgroundColor: colours.background,
      fontFamily: card.fontFamily,
      padding: pad,
    },
    [brandMark(card, side), ...body],
  );
}

function brandMark(card: CardContent, side: number): SatoriElement {
  if (card.logo) {
    return div({ height: logoBox(card.width, card.height).height, alignItems: 'center' }, [
      { type: 'img', props: { src: card.logo.src, width: card.logo.width, height: card.logo.height } },
    ]);
  }
  return div(
    {
      fontSize: Math.round(side * 0.035),
      fontWeight: 700,
      color: card.colours.text,
      letterSpacing: 1,
      height: logoBox(card.width, card.height).height,
      alignItems: 'center',
    },
    card.brandName ? card.brandName.toUpperCase() : ' ',
  );
}

type Layout = (
  card: CardContent,
  headline: SatoriElement,
  details: SatoriElement | null,
  side: number,
) => SatoriElement[];

const layouts: Record<GraphicTemplate, Layout> = {
  // A large opening quotation mark in the accent colour above the words.
  quote: (card, headline, details, side) => [
    div({ flexGrow: 1, flexDirection: 'column', justifyContent: 'center' }, [
      div(
        {
          fontSize: Math.round(side * 0.22),
          lineHeight: 1,
          height: Math.round(side * 0.13),
          color: card.colours.accent,
        },
        '“',
      ),
      headline,
      ...(details ? [details] : []),
    ]),
    div({
      width: Math.round(side * 0.14),
      height: Math.round(side * 0.012),
      backgroundColor: card.colours.accent,
    }),
  ],
  // An accent bar beside the headline, and a band along the bottom.
  announcement: (card, headline, details, side) => [
    div({ flexGrow: 1, alignItems: 'center' }, [
      div({
        width: Math.round(side * 0.018),
        alignSelf: 'stretch',
        marginTop: Math.round(side * 0.12),
        marginBottom: Math.round(side * 0.12),
        marginRight: Math.round(side * 0.05),
        backgroundColor: card.colours.accent,
      }),
      div({ flexDirection: 'column', flexShrink: 1 }, [headline, ...(details ? [details] : [])]),
    ]),
    div({
      position: 'absolute',
      left: 0,
      bottom: 0,
      width: card.width,
      height: Math.round(side * 0.025),
      backgroundColor: card.colours.accent,
    }),
  ],
  // A round accent badge ("Offer") in the bottom-right, the headline large.
  offer: (card, headline, details, side) => {
    const badge = Math.round(side * 0.26);
    return [
      div({ flexGrow: 1, flexDirection: 'column', justifyContent: 'center', paddingRight: badge * 0.3 }, [
        headline,
        ...(details ? [details] : []),
      ]),
      div(
        {
          position: 'absolute',
          right: Math.round(side * 0.06),
          bottom: Math.round(side * 0.06),
          width: badge,
          height: badge,
          borderRadius: badge,
          backgroundColor: card.colours.accent,
          color: card.colours.onAccent,
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: Math.round(badge * 0.2),
          fontWeight: 700,
        },
        'OFFER',
      ),
    ];
  },
  // The details (the date and place) on an accent band above the headline.
  event: (card, headline, details, side) => [
    div({ flexGrow: 1, flexDirection: 'column', justifyContent: 'center' }, [
      div(
        {
          alignSelf: 'flex-start',
          backgroundColor: card.colours.accent,
          color: card.colours.onAccent,
          fontSize: Math.round(side * 0.035),
          fontWeight: 700,
          padding: `${Math.round(side * 0.012)}px ${Math.round(side * 0.025)}px`,
          marginBottom: Math.round(side * 0.04),
          letterSpacing: 2,
        },
        'EVENT',
      ),
      headline,
      ...(details ? [details] : []),
    ]),
    div({
      position: 'absolute',
      left: 0,
      bottom: 0,
      width: card.width,
      height: Math.round(side * 0.05),
      backgroundColor: card.colours.accent,
    }),
  ],
};
