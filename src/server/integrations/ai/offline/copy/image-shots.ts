import type { ContentType } from '../../../../../contracts/content-options';

/**
 * The shots an image prompt can ask for, by content type: each idea of a batch gets a different
 * one. A scene is a template over the business's picture copy (business-images.ts): `{hero}`,
 * `{show}`, `{thing}`, `{detail}`, `{flatLay}`, `{inUse}`, `{atWork}`, `{customer}`, `{workplace}`,
 * `{uplifting}`, plus `{season}` (left out when the description names none), `{Headline}`,
 * `{Topic}` and `{When}`. Graphics carry their words; photos carry none.
 */
export interface Shot {
  scene: string;
  graphic: boolean;
}

const photo = (scene: string): Shot => ({ scene, graphic: false });
const graphic = (scene: string): Shot => ({ scene, graphic: true });

export const imageShots: Record<ContentType, readonly Shot[]> = {
  promotional: [
    photo('Hero photo of {hero}, styled simply and sharply in focus'),
    photo('Close-up detail shot of {detail}, shallow depth of field'),
    photo('Overhead flat lay of {flatLay}, neatly arranged with room to breathe'),
    photo('Lifestyle photo of {inUse}, relaxed and candid'),
    photo('Seasonal photo of {show}, styled with {season}'),
    photo('Customer moment: {customer}, warm and genuine'),
    photo('Hands at work: {atWork}, close and candid'),
    photo('Wide shot of {show}, with clear space on one side for the offer to be added later'),
  ],
  educational: [
    graphic(
      'Clean tip-card graphic titled "{Topic}: tips" with three short numbered tips in large, readable type, and a small photo of {show} in one corner',
    ),
    graphic(
      'Step-by-step visual in three numbered panels showing how to get the most from {thing}, one short caption per panel',
    ),
    graphic(
      'Diagram-style graphic: a photo of {show} in the centre, with three labelled callouts pointing to what matters most',
    ),
    graphic('Checklist graphic: three short ticked points beside a photo of {show}'),
    graphic('Carousel cover slide reading "{Topic}, explained" over a softly blurred photo of {show}'),
    graphic(
      "Do-and-don't graphic in two side-by-side panels, each with a photo of {show} and a one-line caption",
    ),
    photo('How-to photo, step one: {atWork}, framed so the viewer can follow along'),
  ],
  'behind-the-scenes': [
    photo('Candid behind-the-scenes photo of {atWork}, documentary style'),
    photo('Wide shot of {workplace}, mid-task, tools and work in progress in view'),
    photo('Over-the-shoulder shot of a team member getting {thing} ready, focused and unposed'),
    photo('Early-morning photo of {workplace}, quiet before the day begins'),
    photo('Candid team portrait in {workplace}, sleeves rolled up, mid-laugh'),
    photo('Tight close-up of {atWork}, a little motion blur on the hands, everything else sharp'),
    photo('Fly-on-the-wall photo of the team planning {thing} together over notes and coffee'),
  ],
  'user-generated': [
    photo(
      "A customer's own phone photo: {customer}; reposted with their permission, authentic and lightly edited",
    ),
    photo('Candid customer snapshot of {inUse}; phone-camera framing, reposted with permission'),
    graphic("Collage of three customers' photos of {show}, each credited with the customer's handle"),
    photo(
      "A customer's close-up of {show}, taken where they are, natural light and real surroundings, reposted with permission",
    ),
    graphic("Screenshot-style card of a customer's post about {thing}, their handle and words visible"),
    photo(
      'Story-format photo from a customer: {inUse}, shot vertically on a phone, reposted with permission',
    ),
  ],
  inspirational: [
    photo('Airy, uplifting photo of {uplifting}, with clear space for a short quote'),
    photo('Quiet, minimal photo of {show}, lots of negative space for a short quote'),
    photo('Golden-hour photo of {inUse}, hopeful and warm'),
    graphic('Simple quote card: one short line in large type over a softly blurred photo of {show}'),
    photo('Wide, calm shot of {workplace}, light streaming in at the start of the day'),
    photo('Slow, close photo of {atWork}, shallow depth of field'),
    photo('Seasonal still life of {show}, styled with {season}, calm and simple'),
  ],
  'news-updates': [
    graphic('Bold announcement graphic with the headline "{Headline}" over a photo of {show}'),
    photo('Reveal shot of {show}, a single pool of light on it and the rest in soft shadow'),
    graphic('"New" badge graphic over a clean photo of {show}'),
    photo('Team photo with {show} behind them, everyone smiling'),
    graphic('Save-the-date graphic with "{Headline}" and "{When}" in large type over a photo of {show}'),
    photo('First-look photo of {detail}, crisp and uncluttered'),
    photo('Seasonal announcement photo of {show}, styled with {season}'),
  ],
};

/** The light of a photo, and the layout of a graphic: dealt in turn too, so that no two prompts match. */
export const photoLights = [
  'Natural light',
  'Soft window light',
  'Warm golden-hour light',
  'Bright, even daylight',
  'Gentle morning light',
  'Soft, diffused light',
];
export const graphicLayouts = [
  'Simple layout in {colours}, plenty of white space.',
  'Clean, modern layout in {colours}, large readable type.',
  'Minimal layout in {colours}, one focal point and generous margins.',
  'Bold, uncluttered layout in {colours}, high contrast for small screens.',
];
