import type { FastifyInstance } from 'fastify';
import type { PublishingPlatform } from '../../../../contracts/platforms';
import type { Db } from '../../../db/client';
import { avatarSvg, MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findAccountByExternalId } from './sandbox-store';

/**
 * `GET {basePath}/avatars/<external id>.svg`: a pretend identity's avatar, shown to members of the
 * workspace that owns the identity only (decision 036); anyone else gets the same 404 as for an
 * identity that does not exist. `externalId` is the platform's id format.
 */
export function registerSandboxAvatarRoute(
  app: FastifyInstance,
  db: Db,
  input: { platform: PublishingPlatform; basePath: string; externalId: RegExp },
) {
  const fileName = new RegExp(`^(${input.externalId.source})\\.svg$`);
  app.get(
    `${input.basePath}/avatars/:file`,
    { config: MEMBER_PAGE, schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const externalId = fileName.exec(file)?.[1];
      const viewer = pageViewer(request);
      const account =
        viewer && externalId
          ? await findAccountByExternalId(db, input.platform, externalId, viewer)
          : undefined;
      if (!account) return reply.status(404).send({ error: 'No such avatar' });
      return reply
        .header('cache-control', 'private, max-age=86400')
        .type('image/svg+xml')
        .send(avatarSvg(account.displayName, account.externalId));
    },
  );
}
