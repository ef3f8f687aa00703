import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { documentHeader, keepUsedTags, transformRoute } from './openapi-document';

export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

/**
 * The API's contract as OpenAPI, generated from the zod schemas that validate requests: the
 * document at /api/openapi.json, and Swagger UI at /api/docs rendering it. Swagger UI's files come
 * from the @fastify/swagger-ui package, served from our origin (no CDN), under the app's usual
 * Content-Security-Policy: it runs no inline script and needs no eval (decision 079).
 *
 * Call it before registerPermissions: the onRoute hook below marks the viewer's routes public
 * (they are added by the plugin, which cannot set their config), and the permission table's hook,
 * which runs after it, then skips them. Before the API's routes too, so that the document sees them.
 */
export async function apiDocsRoutes(
  app: FastifyInstance,
  options: { appUrl: string; version: string; sessionCookieName: string; keyRequestsPerMinute: number },
) {
  app.addHook('onRoute', (route) => {
    if (route.url === API_DOCS_PATH || route.url.startsWith(`${API_DOCS_PATH}/`)) {
      route.config = { ...route.config, access: 'public' };
    }
  });
  await app.register(swagger, {
    openapi: documentHeader(options),
    transform: transformRoute,
    transformObject: (document) => keepUsedTags('openapiObject' in document ? document.openapiObject : {}),
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // No top bar: it would offer to load any other document by URL.
    uiConfig: {
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      persistAuthorization: false,
      tryItOutEnabled: false,
      displayRequestDuration: true,
    },
    theme: { title: 'Kitepost API' },
  });
  app.get(OPENAPI_DOCUMENT_PATH, { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
