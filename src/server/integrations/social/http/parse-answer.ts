import { z } from 'zod';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import { SocialPlatformError } from '../social-provider';

/**
 * A reader of one platform's answers: the body checked against a zod schema, or a
 * SocialPlatformError that names the platform and what did not match ("X answered with an
 * unexpected token answer: …"). A shape we do not understand is a failure, never a guess.
 */
export function answerReader(platform: PublishingPlatform, name: string) {
  return function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const result = schema.safeParse(body);
    if (!result.success) {
      throw new SocialPlatformError(
        platform,
        `${name} answered with an unexpected ${what}: ${z.prettifyError(result.error)}`,
      );
    }
    return result.data;
  };
}

/** A post's text as compared with the one sent, to recognise it when read back: NFC, white space folded. */
export const comparableText = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();
