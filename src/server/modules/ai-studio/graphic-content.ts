import type { AiImageBody } from '../../../contracts/ai-images';
import type { GraphicTemplate } from '../../../contracts/ai-studio';
import { cutAtWord, firstSentence } from '../../integrations/ai/images/graphics/fit-text';
import { graphicText } from '../../integrations/ai/images/graphics/font-coverage';

/** A headline made from a post or a prompt: short enough to read on a card at a glance. */
const DERIVED_HEADLINE = 90;

// A percentage or a price: 20% off, €5, 5 €, $12.99, 10 EUR.
const offerPattern = /\d\s?%|[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|eur\b|usd\b|gbp\b)/iu;
const months = 'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec';
// A date: 14 December, Dec 14, 14.12., 14/12/2026.
const datePattern = new RegExp(
  `\\b(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${months})[a-z]*\\b|(?:${months})[a-z]*\\.?\\s+\\d{1,2}\\b|\\d{1,2}[./]\\d{1,2}(?:[./](?:\\d{4}|\\d{2}))?\\b)`,
  'iu',
);
// Words in quotation marks: "…", “…”, „…“, «…».
const quotePattern = /["“„«][^"“”„«»]{3,}["”“»]/u;

/** The layout the text asks for: an offer, an event, a quote, else an announcement. */
export function pickTemplate(text: string): GraphicTemplate {
  if (offerPattern.test(text)) return 'offer';
  if (datePattern.test(text)) return 'event';
  if (quotePattern.test(text)) return 'quote';
  return 'announcement';
}

/**
 * What a branded graphic shows: the headline and details given, else the post's first sentence,
 * else the prompt; the template given, else the one the text suggests. A quote's own quotation
 * marks go (the layout draws its own).
 */
export function graphicContent(body: AiImageBody): {
  template: GraphicTemplate;
  headline: string;
  details: string;
} {
  const fromPost = body.postText ? firstSentence(graphicText(body.postText), DERIVED_HEADLINE) : '';
  const headline = body.headline || fromPost || cutAtWord(graphicText(body.prompt), DERIVED_HEADLINE);
  const details = body.details ?? '';
  const template = body.template ?? pickTemplate(`${headline} ${details} ${body.postText ?? ''}`);
  return {
    template,
    headline: template === 'quote' ? headline.replace(/^["“„«]\s*|\s*["”“»]$/gu, '') : headline,
    details,
  };
}
