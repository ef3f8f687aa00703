import { describe, expect, it } from 'vitest';
import { CONNECT_FLOW_PATTERN } from '../../../contracts/social-accounts';
import { authorizePath, newFlowId, popupFeatures, readBroadcast, readOAuthMessage } from './oauth-popup';

const origin = 'https://app.kitepost.test';
const popup = { name: 'the popup we opened' };
const expected = { origin, source: popup };

describe('popupFeatures', () => {
  it('asks for 600×700, centred on the app window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'popup=yes,width=600,height=700,left=500,top=150',
    );
  });

  it('keeps a window on a left-hand monitor there (negative screen coordinates)', () => {
    expect(popupFeatures({ screenX: -1920, screenY: 0, outerWidth: 1920, outerHeight: 1080 })).toBe(
      'popup=yes,width=600,height=700,left=-1260,top=190',
    );
  });
});

describe('authorizePath', () => {
  it('is the server route of spec §7', () => {
    expect(authorizePath('twitter')).toBe('/api/auth/social/twitter');
  });

  it('names the attempt with its flow id', () => {
    expect(authorizePath('linkedin', 'abcDEF_-0123456789')).toBe(
      '/api/auth/social/linkedin?flow=abcDEF_-0123456789',
    );
  });
});

describe('newFlowId', () => {
  it('is 16 random bytes in base64url, as the server accepts', () => {
    expect(newFlowId(new Uint8Array(16).fill(0xfb))).toBe('-_v7-_v7-_v7-_v7-_v7-w');
    const id = newFlowId();
    expect(id).toMatch(CONNECT_FLOW_PATTERN);
    expect(newFlowId()).not.toBe(id);
  });
});

describe('readBroadcast', () => {
  const flow = 'this-attempt-0123456';
  it('reads the answer for this attempt', () => {
    expect(
      readBroadcast({ flow, type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'a1' }, flow),
    ).toEqual({
      type: 'OAUTH_SUCCESS',
      platform: 'twitter',
      accountId: 'a1',
    });
    expect(readBroadcast({ flow, type: 'OAUTH_ERROR', platform: 'x', message: 'No' }, flow)).toEqual({
      type: 'OAUTH_ERROR',
      platform: 'x',
      message: 'No',
    });
  });

  it("ignores another attempt's answer, the page's own acknowledgement and anything else", () => {
    const data = { type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'a1' };
    expect(readBroadcast({ ...data, flow: 'another-attempt-0000' }, flow)).toBeNull();
    expect(readBroadcast(data, flow)).toBeNull();
    expect(readBroadcast({ type: 'OAUTH_RECEIVED', flow }, flow)).toBeNull();
    expect(readBroadcast(null, flow)).toBeNull();
    expect(readBroadcast('OAUTH_SUCCESS', flow)).toBeNull();
  });
});

describe('readOAuthMessage', () => {
  it('reads a success', () => {
    const data = { type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'a1' };
    expect(readOAuthMessage({ origin, source: popup, data }, expected)).toEqual(data);
  });

  it('reads an error, with or without a message', () => {
    expect(
      readOAuthMessage(
        { origin, source: popup, data: { type: 'OAUTH_ERROR', platform: 'twitter', message: ' Denied ' } },
        expected,
      ),
    ).toEqual({ type: 'OAUTH_ERROR', platform: 'twitter', message: 'Denied' });
    expect(
      readOAuthMessage(
        { origin, source: popup, data: { type: 'OAUTH_ERROR', platform: 'twitter' } },
        expected,
      ),
    ).toEqual({ type: 'OAUTH_ERROR', platform: 'twitter', message: '' });
  });

  it('ignores another origin, even with a well-formed success', () => {
    const data = { type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'a1' };
    expect(readOAuthMessage({ origin: 'https://evil.test', source: popup, data }, expected)).toBeNull();
    expect(readOAuthMessage({ origin: 'null', source: popup, data }, expected)).toBeNull();
    expect(readOAuthMessage({ origin: `${origin}.evil.test`, source: popup, data }, expected)).toBeNull();
  });

  it('ignores another window of the same origin', () => {
    const data = { type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'a1' };
    expect(readOAuthMessage({ origin, source: { other: true }, data }, expected)).toBeNull();
    expect(readOAuthMessage({ origin, source: null, data }, expected)).toBeNull();
  });

  it('ignores data that is not one of the two messages', () => {
    for (const data of [
      null,
      'OAUTH_SUCCESS',
      { type: 'webpackOk' },
      { type: 'OAUTH_SUCCESS', platform: 'twitter' },
      { type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 42 },
    ]) {
      expect(readOAuthMessage({ origin, source: popup, data }, expected)).toBeNull();
    }
  });
});
