import { and, eq } from 'drizzle-orm';
import type { PublishingPlatform } from '../../../contracts/platforms';
import type { Db } from '../../db/client';
import { oauthClients } from '../../db/schema';
import type { TokenCipher } from '../../lib/token-cipher';

/** Kitepost's app as one server of a network registered it (a Mastodon instance's `POST /api/v1/apps`). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/**
 * Where the apps registered on the servers of a network with many servers are kept (table
 * oauth_clients): registered once per server and redirect URI, then reused by every sign-in.
 */
export interface OAuthClientStore {
  find(platform: PublishingPlatform, server: string, redirectUri: string): Promise<OAuthClient | null>;
  /** Keeps a new registration; when another request kept one first, answers that one instead. */
  save(
    platform: PublishingPlatform,
    server: string,
    redirectUri: string,
    client: OAuthClient,
    sandbox: boolean,
  ): Promise<OAuthClient>;
}

export function createOAuthClientStore(db: Db, cipher: TokenCipher): OAuthClientStore {
  const find: OAuthClientStore['find'] = async (platform, server, redirectUri) => {
    const [row] = await db
      .select({ clientId: oauthClients.clientId, secret: oauthClients.clientSecretEncrypted })
      .from(oauthClients)
      .where(
        and(
          eq(oauthClients.platform, platform),
          eq(oauthClients.server, server),
          eq(oauthClients.redirectUri, redirectUri),
        ),
      )
      .limit(1);
    return row ? { clientId: row.clientId, clientSecret: cipher.decrypt(row.secret) } : null;
  };
  return {
    find,
    async save(platform, server, redirectUri, client, sandbox) {
      const inserted = await db
        .insert(oauthClients)
        .values({
          platform,
          server,
          redirectUri,
          clientId: client.clientId,
          clientSecretEncrypted: cipher.encrypt(client.clientSecret),
          sandbox,
        })
        .onConflictDoNothing()
        .returning({ id: oauthClients.id });
      if (inserted.length > 0) return client;
      return (await find(platform, server, redirectUri)) ?? client;
    },
  };
}
