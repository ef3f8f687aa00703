import type { FastifyInstance } from 'fastify';
import { TEST_ADMIN_CODE } from '../setup/app';
import { cookieFrom, randomIp } from './users';

// Apart from users.ts: the end-to-end specs import that one (through media.ts), and setup/app
// needs Vitest's runner.

/**
 * Admin access for a signed-in user through the test admin code. The answer's cookie is the admin
 * session: a new one, since granting admin access ends the old session (no fixation).
 */
export async function grantAdminAccess(app: FastifyInstance, cookie: string): Promise<string> {
  const granted = await app.inject({
    method: 'POST',
    url: '/api/admin/access',
    payload: { accessCode: TEST_ADMIN_CODE },
    headers: { cookie },
    remoteAddress: randomIp(),
  });
  if (granted.statusCode !== 200)
    throw new Error(`admin access failed: ${granted.statusCode} ${granted.body}`);
  return cookieFrom(granted);
}
