import { z } from 'zod';
import { safeString } from './common';

/*
 * Pinterest boards (issue 27): a Pin is saved to one of the account's boards, chosen (or made) in
 * the composer. GET and POST /api/user/social-accounts/:id/boards.
 */

export const pinterestBoardPrivacies = ['PUBLIC', 'PROTECTED', 'SECRET'] as const;

export const pinterestBoard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  privacy: z.enum(pinterestBoardPrivacies),
});
export type PinterestBoard = z.infer<typeof pinterestBoard>;

export const pinterestBoardListResponse = z.object({ boards: z.array(pinterestBoard) });

/** Pinterest documents no length for a board's name; 100 keeps the composer's list readable. */
export const createPinterestBoardRequest = z
  .object({
    name: safeString()
      .trim()
      .min(1, 'Give the board a name.')
      .max(100, 'A board name can be at most 100 characters.'),
    description: safeString()
      .trim()
      .max(500, 'A board description can be at most 500 characters.')
      .optional(),
  })
  .strict();
export type CreatePinterestBoardRequest = z.infer<typeof createPinterestBoardRequest>;
