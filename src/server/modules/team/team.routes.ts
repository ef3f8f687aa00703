import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent } from '../../../contracts/common';
import {
  acceptInvitationResponse,
  createInvitationBody,
  createInvitationResponse,
  deleteWorkspaceBody,
  invitationIdParams,
  invitationPreview,
  invitationPreviewParams,
  invitationTokenParams,
  memberParams,
  switchWorkspaceResponse,
  team,
  updateMemberBody,
  updateTeamSettingsBody,
} from '../../../contracts/team';
import type { AppContext } from '../../context';
import { callerOf, signedIn } from '../../lib/caller';
import { errorAnswers } from '../../plugins/error-answers';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { deleteWorkspace } from '../workspaces';
import {
  acceptInvitationByToken,
  createInvitation,
  previewInvitation,
  revokeInvitationOf,
} from './invitations.service';
import { changeMemberRole, leaveWorkspace, removeMember } from './members.service';
import { getTeam, type TeamActor, updateTeamSettings } from './team.service';

/** The caller as the team use cases see them; the permission table has already checked the route. */
function actorOf(request: FastifyRequest): TeamActor & { workspaceName: string } {
  const { user, workspaceId } = signedIn(request);
  return {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.workspace.role,
    workspaceId,
    workspaceName: user.workspace.name,
    isAdmin: user.isAdmin,
  };
}

const refusals = errorAnswers(400, 402, 403, 404, 409);

export async function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/team', { schema: { response: { 200: team } } }, async (request) =>
    getTeam(ctx, actorOf(request)),
  );

  api.patch(
    '/api/team/settings',
    { schema: { body: updateTeamSettingsBody, response: { 200: team, ...refusals } } },
    async (request) => updateTeamSettings(ctx, actorOf(request), request.body),
  );

  api.post(
    '/api/team/invitations',
    {
      schema: {
        body: createInvitationBody,
        response: { 201: createInvitationResponse, ...refusals, ...errorAnswers(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createInvitation(ctx, actorOf(request), request.body)),
  );

  api.delete(
    '/api/team/invitations/:id',
    { schema: { params: invitationIdParams, response: { 204: noContent } } },
    async (request, reply) => {
      await revokeInvitationOf(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Public: the invite page shows who invited the visitor to what before they sign in. The
  // token (32 random bytes) is the secret; the rate limit keeps anyone from probing for one.
  api.get(
    '/api/team/invitations/:id',
    {
      config: { access: 'public' },
      schema: {
        params: invitationPreviewParams,
        response: { 200: invitationPreview, ...errorAnswers(404, 429) },
      },
    },
    async (request) => {
      await enforceRateLimit(ctx.database.db, rateRules.invitationLookup, callerOf(request).ip);
      return previewInvitation(ctx, request.params.id);
    },
  );

  api.post(
    '/api/team/invitations/:token/accept',
    {
      schema: {
        params: invitationTokenParams,
        response: { 200: acceptInvitationResponse, ...refusals, ...errorAnswers(429) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await enforceRateLimit(ctx.database.db, rateRules.invitationLookup, actor.userId);
      return acceptInvitationByToken(ctx, actor, request.params.token);
    },
  );

  api.patch(
    '/api/team/members/:userId',
    {
      schema: {
        params: memberParams,
        body: updateMemberBody,
        response: { 200: team, ...refusals },
      },
    },
    async (request) => changeMemberRole(ctx, actorOf(request), request.params.userId, request.body.role),
  );

  api.delete(
    '/api/team/members/:userId',
    { schema: { response: { 204: noContent, ...errorAnswers(409) }, params: memberParams } },
    async (request, reply) => {
      await removeMember(ctx, actorOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/team/leave',
    { schema: { response: { 204: noContent, ...errorAnswers(409) } } },
    async (request, reply) => {
      await leaveWorkspace(ctx, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  // The owner deletes the active workspace and lands in their next one.
  api.delete(
    '/api/team',
    {
      schema: {
        body: deleteWorkspaceBody,
        response: { 200: switchWorkspaceResponse, ...refusals },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await deleteWorkspace(ctx, actor, request.body.confirmName);
      return { user };
    },
  );
}
