import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPinterestBoardRequest,
  pinterestBoard,
  pinterestBoardListResponse,
} from '../../../contracts/pinterest';
import { socialAccountIdParams } from '../../../contracts/social-accounts';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { createPinterestBoard, listPinterestBoards } from './pinterest-boards.service';

/** A Pinterest account's boards, for the composer's board choice (issue 27). */
export async function pinterestBoardsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/social-accounts/:id/boards',
    {
      schema: {
        params: socialAccountIdParams,
        response: { ...errorAnswers(404, 409, 429, 502), 200: pinterestBoardListResponse },
      },
    },
    async (request) => ({
      boards: await listPinterestBoards(ctx, signedIn(request).workspaceId, request.params.id),
    }),
  );

  api.post(
    '/api/user/social-accounts/:id/boards',
    {
      schema: {
        params: socialAccountIdParams,
        body: createPinterestBoardRequest,
        response: { ...errorAnswers(404, 409, 429, 502), 201: pinterestBoard },
      },
    },
    async (request, reply) => {
      const board = await createPinterestBoard(
        ctx,
        signedIn(request).workspaceId,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(board);
    },
  );
}
