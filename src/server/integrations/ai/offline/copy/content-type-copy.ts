import type { Tone } from '../../../../../contracts/content-options';

/**
 * The copy of one content type. Every line is a template (see templates.ts): `{headline}`,
 * `{topic}` (what the posts are about: 'hand-poured soy candles', not 'holiday sale'), `{feature}`,
 * `{audience}`, `{customers}`, `{action}`, `{atPlace}`, `{inOffering}`, `{team}`, `{fromUs}`,
 * `{is}`/`{has}` (agreeing with the headline), `{it}`/`{itIs}`/`{itHas}` (agreeing with the topic);
 * a capital first letter capitalises the value, and `[...]` is left out when a slot inside it is
 * empty. Lines that name the topic avoid a verb that must agree with it ('our {topic} fits').
 * Within a batch no line repeats while its pool lasts, so each pool holds enough for six posts.
 */
export interface ContentTypeCopy {
  /** Openings by tone: the line that makes a post this tone and this type. Their first words differ. */
  hooks: Record<Tone, readonly string[]>;
  /**
   * Sentences that name `{product}` (the campaign's product or service), for a post whose opening
   * does not. Each reads right whether it is one thing or many ('our 6am HIIT class', 'our soy candles').
   */
  productLines: readonly string[];
  /** Sentences after the opening, written to suit every tone. */
  bodies: readonly string[];
  ctas: {
    /** For the professional and educational tones. */
    formal: readonly string[];
    informal: readonly string[];
    /** Instagram captions cannot link: these point to the bio, or ask to save or tag. */
    instagram: readonly string[];
  };
  /** Questions that invite comments, for LinkedIn and Facebook. */
  questions: readonly string[];
  /** Posts of this type list three of the business's tips. */
  listsTips: boolean;
  /** Posts of this type state the offer and its dates when the description gives them. */
  statesOffer: boolean;
}

/**
 * Calls to action that say what to do ('book a table'), added to a post that does not sound like
 * its business yet; they differ from every content type's own calls to action.
 */
export const actionAnchors = {
  cta: [
    'Whenever suits you, {action}.',
    'Any time you like, {action}.',
    'And when you are ready, {action}.',
    'When the moment is right, {action}.',
    'Whenever you fancy it, {action}.',
    'Next time you are free, {action}.',
  ],
  instagram: [
    'To {action}, tap the link in bio.',
    'The link in bio is the quickest way to {action}.',
    'Want to {action}? The link is in our bio.',
    'Ready to {action}? Link in bio.',
  ],
} as const;
