import { z } from 'zod';
import { safeString } from './common';
import { hashtag, tone } from './content-options';

export const graphicFonts = ['sans', 'serif', 'rounded'] as const;
export type GraphicFont = (typeof graphicFonts)[number];

export const emojiPolicies = ['none', 'sparing', 'liberal'] as const;
export const emojiPolicy = z.enum(emojiPolicies);
export type EmojiPolicy = z.infer<typeof emojiPolicy>;

const word = safeString().trim().min(1).max(60);

/** A colour as `#rrggbb` (stored lowercase). */
const hexColour = safeString()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1d4ed8')
  .transform((colour) => colour.toLowerCase());

/** The workspace's brand: fed to every AI writer, and every post is checked against it. */
export const brandKit = z.object({
  brandName: safeString().trim().max(100),
  voiceDescription: safeString().trim().max(1000),
  defaultTone: tone,
  audience: safeString().trim().max(300),
  keywords: z.array(word).max(30),
  bannedWords: z.array(word).max(50),
  /** Without '#'. */
  requiredHashtags: z.array(hashtag).max(10),
  emojiPolicy,
  /** The public face (issue 29: the bio page). A logo from the workspace's media library (an image). */
  logoMediaId: z.uuid({ message: 'Not a media id' }).nullable().default(null),
  primaryColour: hexColour.nullable().default(null),
  accentColour: hexColour.nullable().default(null),
  /** Public text for the bio page and its link previews; not the AI's voice brief. */
  description: safeString().trim().max(300).default(''),
  /** Issue 30: the branded graphics' font: 'sans' (Inter), 'serif' (Lora), 'rounded' (Poppins). */
  graphicFont: z.enum(graphicFonts).default('sans'),
  /** Whether the writer learns from the best-performing published posts (pinned ones always count). */
  learnFromResults: z.boolean().default(true),
});
export type BrandKit = z.infer<typeof brandKit>;

/**
 * The saved kit as stored: hashtags already without '#' (a response schema has no input
 * transforms), and no input limits, so that a row saved under other limits is still answered.
 */
export const brandKitResponse = brandKit.extend({
  brandName: z.string(),
  voiceDescription: z.string(),
  audience: z.string(),
  keywords: z.array(z.string()),
  bannedWords: z.array(z.string()),
  requiredHashtags: z.array(z.string()),
  logoMediaId: z.string().nullable(),
  primaryColour: z.string().nullable(),
  accentColour: z.string().nullable(),
  description: z.string(),
  updatedAt: z.string().nullable(),
});
export type BrandKitResponse = z.infer<typeof brandKitResponse>;

/** The brand kit's refusals beyond its schema. */
export const brandKitMessages = {
  logoNotFound: 'That logo is not in your media library',
  logoNotImage: 'A logo must be an image',
} as const;

export const emptyBrandKit: BrandKit = {
  brandName: '',
  voiceDescription: '',
  defaultTone: 'professional',
  audience: '',
  keywords: [],
  bannedWords: [],
  requiredHashtags: [],
  emojiPolicy: 'sparing',
  logoMediaId: null,
  primaryColour: null,
  accentColour: null,
  description: '',
  graphicFont: 'sans',
  learnFromResults: true,
};

/** What the brand check found on a post; shown on its card. */
export const brandFinding = z.object({
  kind: z.enum(['banned-word', 'missing-hashtag']),
  /** The banned word found, or the missing hashtag (without '#'). */
  value: z.string(),
  message: z.string(),
});
export type BrandFinding = z.infer<typeof brandFinding>;
