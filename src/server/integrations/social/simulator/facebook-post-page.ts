import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reactionsOf } from './facebook-insights-simulator';
import type { FacebookSimulatorOptions } from './facebook-oauth-simulator';
import { FACEBOOK_BASE_PATH, FACEBOOK_LABEL, FACEBOOK_LOGO } from './facebook-shapes';
import { findPagePost } from './facebook-store';
import { findComments, findVideo, isVideoItem } from './facebook-video-store';
import { publishedPostOf, renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { postMetricsOf } from './sandbox-metrics';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findPublishedPosts } from './sandbox-posts';
import { HIDDEN } from './simulator-routes';

/** The pretend Facebook's public pages: a Page post's permalink and id link, and avatars. */
export function registerFacebookPublicPages(app: FastifyInstance, options: FacebookSimulatorOptions) {
  const { db, appUrl } = options;

  // Public pages: a post's permalink (/{page-id}/posts/pfbid{post}), its id link
  // (facebook.com/{page-id}_{post-id}, which Facebook redirects to the permalink) and avatars.
  app.get(
    `${FACEBOOK_BASE_PATH}/:pageId/posts/:postRef`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const { pageId, postRef } = request.params as { pageId: string; postRef: string };
      return showPost(request, reply, `${pageId}_${postRef.replace(/^pfbid/, '')}`);
    },
  );
  app.get(`${FACEBOOK_BASE_PATH}/:id`, { config: MEMBER_PAGE, schema: HIDDEN }, async (request, reply) => {
    const { id } = request.params as { id: string };
    return showPost(request, reply, id);
  });
  // A video's link (`/{page}/videos/{id}/`, its permalink_url) and a Reel's (`/reel/{id}`).
  app.get(
    `${FACEBOOK_BASE_PATH}/:pageId/videos/:videoId/`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => showPost(request, reply, (request.params as { videoId: string }).videoId),
  );
  app.get(
    `${FACEBOOK_BASE_PATH}/reel/:videoId`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => showPost(request, reply, (request.params as { videoId: string }).videoId),
  );

  /** A published post, story, video or Reel the viewer may see, by id. */
  async function findShown(id: string, viewer: NonNullable<ReturnType<typeof pageViewer>>) {
    if (!/^\d{1,20}$/.test(id)) return findPagePost(db, id, viewer);
    const video = await findVideo(db, id);
    if (video?.post.state !== 'published') return undefined;
    if ((video.post.publishedAt?.getTime() ?? 0) > Date.now()) return undefined;
    const [found] = await findPublishedPosts(db, 'facebook', [id], viewer);
    return found;
  }

  async function showPost(request: FastifyRequest, reply: FastifyReply, id: string) {
    const viewer = pageViewer(request);
    const found = viewer ? await findShown(id, viewer) : undefined;
    if (!found) {
      return sendMissingPostPage(reply, { platformLabel: FACEBOOK_LABEL, logo: FACEBOOK_LOGO });
    }
    const metrics = postMetricsOf(found.post, found.account, Date.now());
    const reactions = reactionsOf(metrics);
    const shown = publishedPostOf(
      found,
      `${FACEBOOK_BASE_PATH}/avatars/${found.account.externalId}.svg`,
      appUrl,
    );
    const [first] = found.post.media;
    const kind = first?.kind ?? 'text';
    const video = isVideoItem(first) ? first : null;
    // What the post is: the page shows photos; a video, Reel or story video is named with its length.
    const what =
      kind === 'reel'
        ? 'Reel'
        : kind === 'story-photo' || kind === 'story-video'
          ? 'Story'
          : kind === 'video'
            ? 'Video'
            : null;
    const seconds = video?.facts ? ` · ${(video.facts.durationMs / 1000).toFixed(1)} s video` : '';
    const link = found.post.media.find((item) => item.kind === 'link')?.url;
    const comments = await findComments(db, found.post.externalId);
    const text = [
      what ? `[${what}${seconds}]` : '',
      shown.text,
      link ? `Link: ${link}` : '',
      ...comments.map((comment) => `Comment by ${found.account.displayName}: ${comment.text}`),
    ]
      .filter(Boolean)
      .join('\n');
    const page = renderPostPage({
      platformLabel: FACEBOOK_LABEL,
      logo: FACEBOOK_LOGO,
      ...shown,
      text,
      // Photos (a feed photo or a photo story); a video's bytes are not kept by the sandbox.
      images: found.post.media
        .filter((item) => item.kind === 'image' || item.kind === 'story-photo')
        .map((item) => item.url),
      stats: [
        { label: video ? 'Plays' : 'Views', value: metrics.impressions },
        { label: 'Reactions', value: Object.values(reactions).reduce((sum, value) => sum + value, 0) },
        { label: 'Clicks', value: metrics.clicks },
      ],
    });
    return sendPostPage(reply, page);
  }

  registerSandboxAvatarRoute(app, db, {
    platform: 'facebook',
    basePath: FACEBOOK_BASE_PATH,
    externalId: /\d{1,20}/,
  });
}
