import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateUserSettingsBody, userSettings } from '../../../contracts/settings';
import type { AppContext } from '../../context';
import { signedIn } from '../../lib/caller';
import { getUserSettings, updateUserSettings } from './settings.service';

/** The signed-in user's own settings; there is no way to address another user's. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/user/settings', { schema: { response: { 200: userSettings } } }, async (request) =>
    getUserSettings(ctx.database.db, signedIn(request).user.id),
  );
  api.put(
    '/api/user/settings',
    { schema: { body: updateUserSettingsBody, response: { 200: userSettings } } },
    async (request) => updateUserSettings(ctx.database.db, signedIn(request).user.id, request.body),
  );
}
