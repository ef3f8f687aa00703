import type { BusinessType } from '../../../../../contracts/content-options';

/**
 * How a kind of business looks in a photo. Every scene shows `{thing}`: the campaign's product
 * with its article ('hand-poured soy candles', 'the 6am HIIT class'), or `defaultThing`. The image
 * prompts of a batch (image-shots.ts) frame these scenes in different shots.
 */
export interface BusinessImage {
  /** The thing as the camera sees it: '{thing}', or 'a laptop screen showing {thing}'. */
  show: string;
  /** The hero shot; `{spread}` is the campaign as a picture ('the brunch special with mimosas'). */
  hero: string;
  detail: string;
  flatLay: string;
  /** The thing in use, in everyday life. */
  inUse: string;
  /** Hands at work, behind the scenes. */
  atWork: string;
  /** A customer's own moment with it. */
  customer: string;
  workplace: string;
  uplifting: string;
  /** What to show when the description names nothing concrete. */
  defaultThing: string;
  /** What to show when it names only a place ('12 Oak Street'). */
  atPlace: string;
}

export const businessImages: Record<BusinessType, BusinessImage> = {
  restaurant: {
    show: '{thing}',
    hero: '{spread}, ready to serve, on a rustic wooden table by a sunny restaurant window',
    detail: '{thing}: texture, garnish and the first bubbles or wisps of steam in sharp focus',
    flatLay: '{thing}, linen napkins, cutlery and small bowls of ingredients around it',
    inUse: 'friends sharing {thing} by a sunny window, mid-conversation and laughing',
    atWork: "the chef's hands putting the finishing touches to {thing} at the pass",
    customer: 'guests toasting over {thing} by the window, just before the first bite',
    workplace: 'the restaurant kitchen during prep, {thing} in the making',
    uplifting: 'a sunlit window seat set for two, {thing} at its centre',
    defaultThing: 'a signature dish',
    atPlace: 'the dining room at {place}',
  },
  ecommerce: {
    show: '{thing}',
    hero: '{thing} on a clean, softly lit tabletop with kraft-paper packaging',
    detail: '{thing}: texture, finish and the small details in sharp focus',
    flatLay: '{thing} with kraft-paper packaging, twine and a handwritten gift tag',
    inUse: '{thing} at home in a cosy, lived-in room, being enjoyed',
    atWork: 'hands wrapping {thing} in tissue paper at the packing table',
    customer: 'someone unboxing {thing} at home, tissue paper everywhere',
    workplace: "the studio packing table, {thing} lined up for today's orders",
    uplifting: '{thing} arranged beside a bright window',
    defaultThing: 'our best-selling products',
    atPlace: 'our shop at {place}',
  },
  'health-fitness': {
    show: 'members mid-workout in {thing}',
    hero: 'members mid-workout in {thing}, in a bright, airy fitness studio',
    detail: 'chalked hands gripping a kettlebell during {thing}, effort and focus in sharp detail',
    flatLay: 'the kit for {thing}: mat, kettlebell, water bottle and towel',
    inUse: 'members pushing through the last round of {thing}, the coach cheering them on',
    atWork: 'the coach setting out the equipment for {thing} before the doors open',
    customer: 'members high-fiving at the end of {thing}',
    workplace: 'the studio just before {thing}, equipment lined up and lights coming on',
    uplifting: 'a member stretching after {thing} as the sun comes up through the studio windows',
    defaultThing: 'a small-group class',
    atPlace: 'our studio at {place}',
  },
  other: {
    show: '{thing}',
    hero: '{thing} in a welcoming shopfront with warm light',
    detail: '{thing}, the care in the details in sharp focus',
    flatLay: 'the everyday tools behind {thing}',
    inUse: 'a happy customer with {thing}, in the moment',
    atWork: 'the team getting {thing} ready, hands full',
    customer: 'a regular chatting with the team about {thing}',
    workplace: 'our workspace on a busy morning, {thing} in progress',
    uplifting: 'an open door in warm morning light, {thing} just inside',
    defaultThing: 'our team at work',
    atPlace: 'our place at {place}',
  },
  technology: {
    show: 'a laptop screen showing {thing}',
    hero: 'a laptop and phone showing {thing} on a tidy desk in a bright office',
    detail: 'a screen showing {thing}, one key number in sharp focus',
    flatLay: 'a desk with a laptop showing {thing}, a notebook, a phone and a coffee',
    inUse: 'a small-business owner using {thing} on a laptop at their shop counter',
    atWork: 'two developers pairing on {thing}, sticky notes on the monitor beside them',
    customer: 'a shop owner at their counter, {thing} open on a tablet beside the till',
    workplace: 'our office during a product review, {thing} up on the big screen',
    uplifting: 'a person at a tidy desk at sunrise, {thing} open on the laptop, coffee in hand',
    defaultThing: 'the product dashboard',
    atPlace: 'our office at {place}',
  },
  'real-estate': {
    show: '{thing}',
    hero: '{thing}, seen from the street on a bright day, front door open',
    detail: 'the kitchen of {thing}: morning light on the worktop and a vase of flowers',
    flatLay: 'the keys, floor plan and a welcome card for {thing}',
    inUse: 'a couple walking through {thing}, imagining their own furniture in it',
    atWork: 'an agent staging the living room of {thing} for its listing photos',
    customer: 'new owners holding their keys outside {thing}',
    workplace: 'the agency office, the listing for {thing} up on the screen',
    uplifting: 'the front door of {thing} opening onto a bright hallway',
    defaultThing: 'a bright, newly listed home',
    atPlace: 'the home at {place}',
  },
  consulting: {
    show: 'a consultant and a client working through {thing} at a whiteboard',
    hero: 'a consultant and a client working through {thing} in a bright meeting room, sticky notes on the wall',
    detail: 'the notes from {thing}: a hand-drawn chart and one circled number',
    flatLay: 'the materials for {thing}: printed charts, a notebook, a pen and a coffee',
    inUse: 'a business owner nodding along during {thing}, laptop open',
    atWork: 'a consultant preparing {thing}, sorting sticky notes on a wall',
    customer: 'a client team smiling around a whiteboard after {thing}',
    workplace: 'a meeting room set up for {thing}, markers and sticky notes ready',
    uplifting: 'an open notebook with the next step from {thing} written on the first page',
    defaultThing: 'a strategy session',
    atPlace: 'our office at {place}',
  },
};
