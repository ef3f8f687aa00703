import type { FastifyInstance } from 'fastify';
import { can, forbiddenMessage, type Permission } from '../../contracts/team';
import { sendError } from '../lib/send-error';

/**
 * What each signed-in route needs of the caller's role in their active workspace (contracts/team.ts
 * has the role table). 'self' routes act on the user's own things (their settings, their
 * notifications, which workspace they work in) and are open to every role.
 *
 * Every route that looks up a session must be listed: the app refuses to start otherwise, so a
 * new route cannot forget its permission. Public routes and the super-admin portal
 * (/api/admin, guarded by its own admin check) are not workspace-scoped and are not listed.
 */
export type RoutePermission = Permission | 'self';

export const routePermissions: Record<string, RoutePermission> = {
  // Session and account
  'GET /api/auth/user': 'self',
  'GET /api/user/settings': 'self',
  'PUT /api/user/settings': 'self',
  'PUT /api/user/profile': 'self',
  'POST /api/user/password': 'self',
  'GET /api/user/sessions': 'self',
  'POST /api/user/sessions/revoke-others': 'self',
  'POST /api/user/single-sign-on/link': 'self',
  'POST /api/auth/verify-email/resend': 'self',
  'GET /api/user/security': 'self',
  'POST /api/user/two-factor/enable': 'self',
  'POST /api/user/two-factor/verify': 'self',
  'POST /api/user/two-factor/disable': 'self',
  'POST /api/user/two-factor/backup-codes': 'self',
  'GET /api/user/passkeys': 'self',
  'POST /api/user/passkeys/options': 'self',
  'POST /api/user/passkeys': 'self',
  'PATCH /api/user/passkeys/:id': 'self',
  'DELETE /api/user/passkeys/:id': 'self',
  'GET /api/user/export': 'self',
  'DELETE /api/user/account': 'self',
  'PUT /api/user/timezone': 'self',
  'GET /api/notifications': 'self',
  'POST /api/notifications/read': 'self',
  'GET /api/workspaces': 'self',
  'POST /api/workspaces/active': 'self',
  'POST /api/team/invitations/:token/accept': 'self',

  // Team
  'GET /api/team': 'workspace.read',
  'POST /api/team/invitations': 'team.manage',
  'DELETE /api/team/invitations/:id': 'team.manage',
  'PATCH /api/team/members/:userId': 'team.manage',
  'DELETE /api/team/members/:userId': 'team.manage',
  'POST /api/team/leave': 'workspace.read',
  'PATCH /api/team/settings': 'team.manage',
  'DELETE /api/team': 'workspace.own',
  'GET /api/activity': 'workspace.read',

  // Posts and approvals
  'GET /api/user/posts': 'workspace.read',
  'GET /api/posts': 'workspace.read',
  'GET /api/posts/:id': 'workspace.read',
  'POST /api/posts': 'posts.write',
  'POST /api/posts/compose': 'posts.write',
  'POST /api/posts/import': 'posts.write',
  'GET /api/posts/import/template.csv': 'workspace.read',
  'PATCH /api/posts/:id': 'posts.write',
  'DELETE /api/posts/:id': 'posts.write',
  'POST /api/posts/:id/schedule': 'posts.write',
  'POST /api/posts/:id/cancel': 'posts.write',
  'POST /api/posts/:id/retry': 'posts.write',
  'PUT /api/posts/:id/repeat': 'posts.write',
  'DELETE /api/posts/:id/repeat': 'posts.write',
  'POST /api/posts/:id/follow-ups/retry': 'posts.write',
  'POST /api/posts/:id/approve': 'posts.approve',
  'POST /api/posts/:id/request-changes': 'posts.approve',
  'GET /api/posts/:id/comments': 'workspace.read',
  'POST /api/posts/:id/comments': 'posts.comment',
  'POST /api/user/generate-content': 'posts.write',
  'GET /api/user/credits': 'workspace.read',
  'POST /api/media': 'posts.write',
  'GET /api/media': 'workspace.read',
  'GET /api/media/:id': 'workspace.read',
  'DELETE /api/media/:id': 'posts.write',
  'GET /api/media/library': 'workspace.read',
  'GET /api/media/usage': 'workspace.read',
  'PATCH /api/media/:id': 'posts.write',
  'POST /api/media/:id/fit': 'posts.write',
  'GET /api/media/fits/:fitId': 'workspace.read',
  // Resumable uploads (tus); HEAD /api/uploads/:id checks posts.write in its handler.
  'POST /api/uploads': 'posts.write',
  'PATCH /api/uploads/:id': 'posts.write',
  'DELETE /api/uploads/:id': 'posts.write',
  'GET /api/uploads/:id/media': 'workspace.read',
  // The server fetches the page: for those who write posts, not every reader.
  'GET /api/link-preview': 'posts.write',

  // Brand kit
  'GET /api/ai/capabilities': 'workspace.read',
  'POST /api/ai/images': 'posts.write',
  'POST /api/ai/rewrite': 'posts.write',
  'POST /api/ai/variants': 'posts.write',
  'POST /api/ai/plan': 'posts.write',
  'GET /api/ai/plan/:id': 'workspace.read',
  'POST /api/ai/plan/:id/accept': 'posts.write',
  'GET /api/ai/voice': 'workspace.read',
  'PUT /api/ai/voice/:postId': 'brand.manage',
  'POST /api/ai/replies': 'posts.write',
  'GET /api/user/brand-kit': 'workspace.read',
  'PUT /api/user/brand-kit': 'brand.manage',
  // Link in bio and short links (issue 29)
  'GET /api/bio-page': 'workspace.read',
  'PUT /api/bio-page': 'brand.manage',
  'GET /api/link-settings': 'workspace.read',
  'PUT /api/link-settings': 'brand.manage',

  // Social accounts
  'GET /api/user/social-accounts': 'workspace.read',
  'DELETE /api/user/social-accounts/:id': 'accounts.manage',
  'POST /api/user/social-accounts/connect': 'accounts.manage',
  'POST /api/user/social-accounts/password': 'accounts.manage',
  // Choosing (or making) a Pinterest board is part of composing a Pin.
  'GET /api/user/social-accounts/:id/boards': 'posts.write',
  'POST /api/user/social-accounts/:id/boards': 'posts.write',
  'GET /api/user/social-accounts/:id/tiktok-creator': 'posts.write',
  // The uploads YouTube's quota still allows today: the composer shows them.
  'GET /api/user/social-accounts/:id/quota': 'posts.write',
  'GET /api/auth/social/:platform': 'accounts.manage',
  'GET /api/auth/social/:platform/callback': 'accounts.manage',
  'POST /api/auth/social/:platform/choose': 'accounts.manage',

  // Billing
  'POST /api/create-subscription': 'billing.manage',
  'GET /api/billing/subscription': 'workspace.read',
  'POST /api/billing/portal': 'billing.manage',
  'POST /api/billing/sandbox/confirm': 'billing.manage',
  'POST /api/billing/sandbox/portal': 'billing.manage',

  // Dashboard and analytics
  'GET /api/user/dashboard/stats': 'workspace.read',
  'GET /api/dashboard/stats': 'workspace.read',
  'GET /api/analytics/overview': 'workspace.read',
  'GET /api/analytics/posts': 'workspace.read',
  'GET /api/analytics/posts.csv': 'workspace.read',
  'GET /api/analytics/clicks': 'workspace.read',
  'POST /api/analytics/refresh': 'workspace.read',
  'GET /api/analytics/best-times': 'workspace.read',

  // Posting schedules and queues (issue 25)
  'GET /api/queue/slots': 'workspace.read',
  'PUT /api/queue/slots': 'posts.write',
  'GET /api/queue': 'workspace.read',
  'PUT /api/queue/order': 'posts.write',
  'POST /api/queue/shuffle': 'posts.write',
  'POST /api/queue/pause': 'posts.write',
  'POST /api/queue/resume': 'posts.write',
  'DELETE /api/queue/posts/:id': 'posts.write',
  'POST /api/posts/:id/queue': 'posts.write',
  // RSS/Atom auto-posting (issue 25): a feed makes posts, so managing one is writing posts.
  'GET /api/feeds': 'workspace.read',
  'POST /api/feeds': 'posts.write',
  'DELETE /api/feeds/:id': 'posts.write',
  'POST /api/feeds/:id/pause': 'posts.write',
  'POST /api/feeds/:id/resume': 'posts.write',

  // Calendar export: anyone who sees the calendar may take it along; each member has their own
  // subscription URL (GET /api/calendar/:file, the URL itself, is public: its secret is the key).
  'GET /api/calendar/export.ics': 'workspace.read',
  'GET /api/calendar/export.csv': 'workspace.read',
  'GET /api/calendar/feed': 'workspace.read',
  'POST /api/calendar/feed': 'workspace.read',
  'DELETE /api/calendar/feed': 'workspace.read',

  // Evergreen recycling (issue 25)
  'GET /api/queue/evergreen': 'workspace.read',
  'PUT /api/queue/evergreen': 'posts.write',
  'PUT /api/posts/:id/evergreen': 'posts.write',

  // The public API (issue 26)
  'GET /api/api-keys': 'api.manage',
  'POST /api/api-keys': 'api.manage',
  'DELETE /api/api-keys/:id': 'api.manage',

  // Webhooks (issue 26): where the workspace's events go, so owners and admins only.
  'GET /api/webhooks': 'api.manage',
  'POST /api/webhooks': 'api.manage',
  'PATCH /api/webhooks/:id': 'api.manage',
  'DELETE /api/webhooks/:id': 'api.manage',
  'GET /api/webhooks/:id/deliveries': 'api.manage',
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': 'api.manage',

  // The MCP server (issue 26): API keys only; each tool checks its own permission.
  'POST /api/mcp': 'workspace.read',
  'GET /api/mcp': 'workspace.read',
  'DELETE /api/mcp': 'workspace.read',
};

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * Checks the table on every listed route (after the auth hook has found the caller) and refuses
 * to start when a session route is missing from it.
 */
export function registerPermissions(app: FastifyInstance) {
  const unlisted: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/admin')) return;
    const access = route.config?.access ?? 'user';
    if (access === 'public') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify adds a HEAD twin to every GET; the GET's entry covers it.
    for (const method of methods.filter((m) => m !== 'HEAD')) {
      const permission = routePermissions[routeKey(method, route.url)];
      if (!permission) {
        unlisted.push(routeKey(method, route.url));
        continue;
      }
      if (permission === 'self') continue;
      route.onRequest = [
        ...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []),
        async (request, reply) => {
          const auth = request.auth;
          // A visitor on an 'optional' route has no workspace and no role to check.
          if (!auth) return;
          const role = auth.user.workspace.role;
          if (!can(role, permission)) {
            return sendError(reply, 'forbidden', forbiddenMessage(role, permission));
          }
        },
      ];
    }
  });
  app.addHook('onReady', async () => {
    if (unlisted.length > 0) {
      throw new Error(
        `Routes without a permission (add them to src/server/plugins/permissions.ts): ${unlisted.join(', ')}`,
      );
    }
  });
}
