import type { Tone } from '../../../../../contracts/content-options';

/**
 * The copy of one content type. Every line is a template (see templates.ts): `{headline}`,
 * `{topic}`, `{feature}`, `{audience}`, `{customers}`, `{action}`, `{atPlace}`, `{inOffering}`,
 * `{team}`, `{fromUs}`, `{is}`/`{has}` (agreeing with the headline); a capital first letter
 * capitalises the value, and `[...]` is left out when a slot inside it is empty.
 */
export interface ContentTypeCopy {
  /** Openings by tone: the line that makes a post this tone and this type. Their first words differ. */
  hooks: Record<Tone, readonly string[]>;
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
