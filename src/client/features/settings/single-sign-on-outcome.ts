import { singleSignOnLinkMessages } from '../../../contracts/settings';

type LinkErrorCode = Exclude<keyof typeof singleSignOnLinkMessages, 'linked' | 'fallback'>;

/** What the provider's way back (`/settings?sso=linked|error&error=code`) says, or null. */
export function linkOutcomeFromSearch(search: string): { linked: boolean; message: string } | null {
  const params = new URLSearchParams(search);
  const outcome = params.get('sso');
  if (outcome === 'linked') return { linked: true, message: singleSignOnLinkMessages.linked };
  if (outcome !== 'error') return null;
  const code = params.get('error') ?? '';
  const known = Object.hasOwn(singleSignOnLinkMessages, code) && code !== 'linked' && code !== 'fallback';
  return {
    linked: false,
    message: known ? singleSignOnLinkMessages[code as LinkErrorCode] : singleSignOnLinkMessages.fallback,
  };
}
