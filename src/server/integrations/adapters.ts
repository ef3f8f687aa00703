import type { HealthResponse, SandboxInfo } from '../../contracts/health';
import { platformLabels } from '../../contracts/platforms';
import type { AiProvider } from './ai/ai-provider';
import type { ImageProvider } from './ai/images/image-provider';
import type { BillingProvider } from './billing/billing-provider';
import { describeBilling } from './billing/create-billing-provider';
import { describeMail } from './mail/create-mail-sender';
import type { MailSender } from './mail/mail-sender';
import type { SocialProviders } from './social/providers';

export interface AdapterChoices {
  databaseKind: 'pglite' | 'postgres';
  /** True when OIDC_* is set. */
  providerSignIn: boolean;
  ai: Pick<AiProvider, 'name' | 'sandbox'>;
  aiImages: Pick<ImageProvider, 'name' | 'sandbox'>;
  social: SocialProviders;
  mail: MailSender;
  storage: { kind: 's3' | 'local' };
  /** Null: billing is off. */
  billing: Pick<BillingProvider, 'kind' | 'sandbox'> | null;
}

/** e.g. 'twitter: simulator', or 'twitter: api' with credentials; platforms not built yet are left out. */
function describeSocial(social: SocialProviders) {
  const built = Object.values(social).filter((provider) => provider !== undefined);
  if (built.length === 0) return { adapter: 'none', sandbox: false };
  return {
    adapter: built
      .map((provider) => `${provider.platform}: ${provider.sandbox ? 'simulator' : 'api'}`)
      .join(', '),
    sandbox: built.some((provider) => provider.sandbox),
  };
}

/**
 * Which adapter serves each outside concern (architecture §1), for /api/health and the start-up
 * log. A sandbox is never hidden. Concerns whose adapters are not built yet say 'none'.
 */
export function describeAdapters({
  databaseKind,
  providerSignIn,
  ai,
  aiImages,
  social,
  mail,
  storage,
  billing,
}: AdapterChoices): HealthResponse['adapters'] {
  const embedded = databaseKind === 'pglite';
  return {
    database: { adapter: embedded ? 'pglite (embedded)' : 'postgresql', sandbox: false },
    jobs: {
      adapter: embedded ? 'pg-boss on the embedded database' : 'pg-boss on postgresql',
      sandbox: false,
    },
    ai: { adapter: ai.name, sandbox: ai.sandbox },
    aiImages: { adapter: aiImages.name, sandbox: aiImages.sandbox },
    billing: describeBilling(billing),
    social: describeSocial(social),
    mail: describeMail(mail),
    storage: {
      adapter: storage.kind === 's3' ? 's3-compatible' : 'local files (DATA_DIR/media)',
      sandbox: false,
    },
    identity: { adapter: providerSignIn ? 'openid-connect' : 'email-password', sandbox: false },
  };
}

/**
 * The sandboxes that are on, each said plainly (decision 036), from the adapters in use and
 * whether the simulator's fault routes are served (`simulatorFaults`, never in production).
 */
export function describeSandboxes(
  adapters: HealthResponse['adapters'],
  options: { simulatorFaults: boolean },
): SandboxInfo[] {
  const on: SandboxInfo[] = [];
  const add = (id: SandboxInfo['id'], name: string, detail: string) =>
    on.push({ id, name, detail, sandbox: true });
  if (adapters.social.sandbox) {
    const simulated = adapters.social.adapter
      .split(', ')
      .filter((entry) => entry.endsWith(': simulator'))
      .map((entry) => platformNames[entry.slice(0, -': simulator'.length)] ?? entry);
    add(
      'social',
      'Social platform simulator',
      `${simulated.join(', ')}: posts go to pretend accounts served by this server, never to the real network.`,
    );
    if (options.simulatorFaults) {
      add(
        'faults',
        'Simulator faults',
        'Members who manage accounts can make their own sandbox accounts fail on purpose, for tests.',
      );
    }
  }
  if (adapters.billing.sandbox) {
    add('billing', 'Sandbox billing', 'No money moves: plans are paid with test cards.');
  }
  if (adapters.mail.sandbox) {
    add('mail', 'Outbox mail', 'Emails are kept in the database outbox; none is sent.');
  }
  if (adapters.ai.sandbox) {
    add(
      'ai',
      'Offline AI writer',
      `Drafts come from the ${adapters.ai.adapter} on this server, without an AI service.`,
    );
  }
  return on;
}

/** Each platform's name for people ('X' rather than 'X (Twitter)'). */
const platformNames: Record<string, string> = { ...platformLabels, twitter: 'X' };
