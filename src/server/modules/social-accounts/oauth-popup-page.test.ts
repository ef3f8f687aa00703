import { runInNewContext } from 'node:vm';
import { BroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_CHANNEL, OAUTH_RECEIVED } from '../../../contracts/social-accounts';
import { popupScript } from './oauth-popup-page';

/*
 * The popup's result script, run as the browser runs it (its own global scope), with Node's
 * BroadcastChannel standing in for the browser's: same-origin pages talk on it by name.
 */

const dataset = {
  type: 'OAUTH_SUCCESS',
  platform: 'twitter',
  accountId: 'acc-1',
  origin: 'https://app.kitepost.test',
  flow: 'Zm9yLXRoaXMtdGVzdA-_01',
};

function runPopup(
  opener: { postMessage: (...args: unknown[]) => void; closed: boolean } | null,
  data = dataset,
) {
  const close = vi.fn();
  runInNewContext(popupScript, {
    document: { getElementById: (id: string) => (id === 'oauth-result' ? { dataset: data } : null) },
    window: { opener, close },
    BroadcastChannel,
  });
  return close;
}

const channels: BroadcastChannel[] = [];
function listen(onMessage: (data: unknown, channel: BroadcastChannel) => void) {
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  channels.push(channel);
  channel.onmessage = (event) => onMessage((event as MessageEvent).data, channel);
  return channel;
}
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

const tick = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the popup result script', () => {
  it('posts to its opener at the app origin and closes', async () => {
    const heard = vi.fn();
    listen(heard);
    const opener = { postMessage: vi.fn(), closed: false };
    const close = runPopup(opener);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'acc-1' },
      'https://app.kitepost.test',
    );
    expect(close).toHaveBeenCalledOnce();
    await tick();
    expect(heard).not.toHaveBeenCalled();
  });

  it('without an opener, broadcasts the result with its flow and closes once the waiting page has it', async () => {
    const heard: unknown[] = [];
    listen((data, channel) => {
      heard.push(data);
      channel.postMessage({ type: OAUTH_RECEIVED, flow: dataset.flow });
    });
    const close = runPopup(null);
    expect(close).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(heard).toEqual([
      { flow: dataset.flow, type: 'OAUTH_SUCCESS', platform: 'twitter', accountId: 'acc-1' },
    ]);
  });

  it('stays open when no page answers for its flow, and says nothing without a flow', async () => {
    const heard: unknown[] = [];
    listen((data, channel) => {
      heard.push(data);
      channel.postMessage({ type: OAUTH_RECEIVED, flow: 'another-attempt-entirely' });
    });
    const close = runPopup(null);
    await tick(150);
    expect(heard).toHaveLength(1);
    expect(close).not.toHaveBeenCalled();

    const { flow: _flow, ...withoutFlow } = dataset;
    const quiet = runPopup(null, withoutFlow as typeof dataset);
    await tick(150);
    expect(heard).toHaveLength(1);
    expect(quiet).not.toHaveBeenCalled();
  });
});
