import { z } from 'zod';
import { safeString } from './common';

/** Spec §9 enumerations, in the spec's order; the first of contentType and tone is the default. */
export const businessTypes = [
  'ecommerce',
  'restaurant',
  'technology',
  'health-fitness',
  'real-estate',
  'consulting',
  'other',
] as const;
export const businessType = z.enum(businessTypes);
export type BusinessType = z.infer<typeof businessType>;

export const contentTypes = [
  'promotional',
  'educational',
  'behind-the-scenes',
  'user-generated',
  'inspirational',
  'news-updates',
] as const;
export const contentType = z.enum(contentTypes);
export type ContentType = z.infer<typeof contentType>;

export const tones = [
  'professional',
  'casual',
  'inspirational',
  'humorous',
  'educational',
  'conversational',
] as const;
export const tone = z.enum(tones);
export type Tone = z.infer<typeof tone>;

/** A hashtag as stored: without '#'. Input may carry the '#'. */
export const hashtag = safeString()
  .trim()
  .transform((value) => value.replace(/^#+/, ''))
  .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,100}$/u, 'A hashtag is letters, digits and underscores'));
