import type { FastifyInstance } from 'fastify';
import type { LinkedInSimulatorOptions } from './linkedin-oauth-simulator';
import { accessDenied, apiError, type LinkedInApiRoute } from './linkedin-shapes';
import { type LinkedInSite, memberSite } from './linkedin-site';
import { newMetricsSeed } from './sandbox-metrics';
import { findPublishedPosts, insertPost } from './sandbox-posts';
import { newSnowflakeId } from './sandbox-store';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn Comments API (learn.microsoft.com/en-us/linkedin/marketing/
 * community-management/shares/comments-api; research sheet 2.4): `POST
 * /rest/socialActions/{post URN}/comments {actor, object, message: {text}}` comments on a post
 * as the member. Refused: a post that does not exist (or not in the caller's sandbox world), an
 * `object` other than the post of the path, an actor other than the caller, an empty text, or a
 * text over 1,250 characters (LinkedIn's comment limit as commonly quoted; UNCONFIRMED in the
 * research sheet, the limit the composer checks: contracts/post-rules/linkedin.ts). A comment is
 * kept as a sandbox row in state 'container' (never listed as a post), its text and its parent.
 */

export const LINKEDIN_MAX_COMMENT = 1250;
const POST_URN = /^urn:li:(?:share|ugcPost):\d{1,19}$/;

export function registerLinkedInCommentsSimulator(
  app: FastifyInstance,
  options: LinkedInSimulatorOptions,
  apiRoute: LinkedInApiRoute,
  site: LinkedInSite = memberSite,
) {
  const { db } = options;
  const API = `${site.basePath}/api`;

  app.post(
    `${API}/rest/socialActions/:urn/comments`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      {
        anyScope: site.writeScopes,
        resource: 'socialActions.comments.CREATE.20260101',
        versioned: true,
        kind: 'publish',
      },
      async (request, { account }) => {
        const { urn } = request.params as { urn: string };
        const body = (request.body ?? {}) as Record<string, unknown>;
        // A member comments as themself; a Page's administrator as the Page (Comments API).
        const actor = typeof body.actor === 'string' ? await site.actingAs(account, body.actor) : null;
        if (!actor) return accessDenied(`field /actor (${String(body.actor)}) for this member`);
        const member = site.urnOf(actor);
        if (body.object !== urn) {
          return apiError(400, `/object :: ${String(body.object)} is not the post of the path (${urn})`);
        }
        const [found] = POST_URN.test(urn)
          ? await findPublishedPosts(db, site.platform, [urn], account.workspaceId)
          : [];
        if (!found) return apiError(404, `Post ${urn} does not exist`);
        const message = body.message as { text?: unknown } | undefined;
        const text = typeof message?.text === 'string' ? message.text : '';
        if (text.trim() === '') return apiError(422, '/message/text :: required field is not present');
        if (text.length > LINKEDIN_MAX_COMMENT) {
          return apiError(
            400,
            `/message/text :: length ${text.length} exceeds the maximum of ${LINKEDIN_MAX_COMMENT}`,
            { code: 'FIELD_LENGTH_TOO_LONG' },
          );
        }
        const id = newSnowflakeId();
        const commentUrn = `urn:li:comment:(${urn},${id})`;
        await insertPost(db, {
          platform: site.platform,
          externalId: commentUrn,
          accountId: actor.id,
          text,
          media: [{ id: urn, url: null, kind: 'comment' }],
          state: 'container',
          metricsSeed: newMetricsSeed(),
          publishedAt: new Date(),
        });
        const now = Date.now();
        return {
          status: 201,
          headers: { 'x-restli-id': commentUrn },
          body: {
            actor: member,
            object: urn,
            message: { text },
            id,
            commentUrn,
            created: { actor: member, time: now },
            lastModified: { actor: member, time: now },
          },
        };
      },
    ),
  );
}
