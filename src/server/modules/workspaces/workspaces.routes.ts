import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { switchWorkspaceBody, switchWorkspaceResponse, workspaceList } from '../../../contracts/team';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { listWorkspaces, switchWorkspace } from './workspaces.service';

/** The user's workspaces and the switcher. Deleting one is DELETE /api/team (team.routes.ts). */
export async function workspacesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  api.get('/api/workspaces', { schema: { response: { 200: workspaceList } } }, async (request) => {
    const auth = signedIn(request);
    return listWorkspaces(db, auth.user.id, auth.workspaceId);
  });

  api.post(
    '/api/workspaces/active',
    {
      schema: { body: switchWorkspaceBody, response: { 200: switchWorkspaceResponse, ...errorAnswers(404) } },
    },
    async (request) => {
      const auth = signedIn(request);
      const user = await switchWorkspace(
        db,
        { userId: auth.user.id, isAdmin: auth.user.isAdmin },
        request.body.workspaceId,
      );
      return { user };
    },
  );
}
