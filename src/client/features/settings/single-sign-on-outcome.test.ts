import { describe, expect, it } from 'vitest';
import { singleSignOnLinkMessages } from '../../../contracts/settings';
import { linkOutcomeFromSearch } from './single-sign-on-outcome';

describe('linkOutcomeFromSearch', () => {
  it('says nothing without ?sso', () => {
    expect(linkOutcomeFromSearch('')).toBeNull();
    expect(linkOutcomeFromSearch('?tab=x')).toBeNull();
  });

  it('reads a link and the refusals better-auth names, with a fallback for the rest', () => {
    expect(linkOutcomeFromSearch('?sso=linked')).toEqual({
      linked: true,
      message: singleSignOnLinkMessages.linked,
    });
    expect(linkOutcomeFromSearch('sso=error&error=email_does_not_match')).toEqual({
      linked: false,
      message: singleSignOnLinkMessages.email_does_not_match,
    });
    for (const code of ['', 'linked', 'fallback', 'toString', 'something_new']) {
      expect(linkOutcomeFromSearch(`sso=error&error=${code}`)?.message).toBe(
        singleSignOnLinkMessages.fallback,
      );
    }
  });
});
