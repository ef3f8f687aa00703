import {
  type PublishingPlatform,
  publishingPlatforms,
  type SocialPlatform,
} from '../../../contracts/platforms';
import { connectablePlatforms, type SocialAccount } from '../../../contracts/social-accounts';

export interface ConnectOption {
  platform: SocialPlatform;
  /** What connecting it gives, in one line. */
  pitch: string;
  /** What the network asks of the deployment first (Google's approval), with where to ask. */
  notice?: { text: string; href: string; link: string };
}

/** The connect cards: the spec's four first (§2: Social accounts), then the networks added since, then those coming. */
export const connectOptions: ConnectOption[] = [
  { platform: 'linkedin', pitch: 'Post to your profile in a professional voice.' },
  { platform: 'instagram', pitch: 'Publish feed posts with captions and hashtags.' },
  { platform: 'twitter', pitch: 'Share timely updates sized to the character limit.' },
  { platform: 'facebook', pitch: 'Keep your Page’s followers up to date on schedule.' },
  { platform: 'linkedin_page', pitch: 'Post as your company Page and see how it performs.' },
  { platform: 'threads', pitch: 'Start conversations with text, photos and carousels.' },
  { platform: 'pinterest', pitch: 'Turn products and ideas into scheduled pins.' },
  { platform: 'bluesky', pitch: 'Post with links, mentions and hashtags that work.' },
  { platform: 'mastodon', pitch: 'Reach your followers on any Mastodon server.' },
  { platform: 'youtube', pitch: 'Upload videos and Shorts with titles, tags and a thumbnail.' },
  { platform: 'tiktok', pitch: 'Post videos and photo posts, or send them to your TikTok inbox.' },
  {
    platform: 'google_business',
    pitch: 'Share updates, events and offers where locals search.',
    // developers.google.com/my-business/content/prereqs: the APIs have no quota until Google
    // approves the Cloud project (decision 090).
    notice: {
      text: 'Google must approve the app’s Cloud project for the Business Profile APIs first; the sandbox needs no approval.',
      href: 'https://developers.google.com/my-business/content/prereqs#request-access',
      link: 'Google’s access request',
    },
  },
];

/** Kitepost writes for and publishes to these; the rest are not built yet. */
export function isPublishingPlatform(platform: SocialPlatform): platform is PublishingPlatform {
  return (publishingPlatforms as readonly string[]).includes(platform);
}

/** Connectable today: the contract's list (a platform joins it when its adapter and simulator exist). */
export function isConnectable(platform: SocialPlatform): platform is PublishingPlatform {
  return isPublishingPlatform(platform) && connectablePlatforms.includes(platform);
}

/**
 * What a network of many servers asks before the sign-in's popup (Mastodon's server): its label,
 * an example and a hint under the field. Bluesky signs in with an app password on the card itself
 * (passwordPlatforms): its atproto OAuth is not built yet (decision 081).
 */
export const serverFields: Partial<
  Record<PublishingPlatform, { label: string; placeholder: string; hint: string }>
> = {
  mastodon: {
    label: 'Your Mastodon server',
    placeholder: 'mastodon.social',
    hint: 'The server in your address: for @you@mastodon.social, type mastodon.social.',
  },
};

/**
 * The server an account of a many-server network reconnects through: a Mastodon account's
 * instance (its username is `name@server`), a Bluesky account's handle. Undefined elsewhere.
 */
export function serverOfAccount(account: Pick<SocialAccount, 'platform' | 'username'>): string | undefined {
  if (account.platform === 'mastodon') {
    const at = account.username.lastIndexOf('@');
    return at > 0 ? account.username.slice(at + 1) : undefined;
  }
  return account.platform === 'bluesky' ? account.username.replace(/^@/, '') : undefined;
}

/** Connected with a password the network issues for apps, typed on the card (no popup). */
export const passwordPlatforms: readonly PublishingPlatform[] = ['bluesky'];

export interface ConnectionTip {
  title: string;
  body: string;
}

/** Facts from design/platforms.md that trip people up when they connect a business account. */
export const connectionTips: ConnectionTip[] = [
  {
    title: 'Instagram needs a professional account',
    body: 'Publishing works only for Business and Creator accounts. Switch for free in the Instagram app: Settings → Account type and tools → Switch to professional account.',
  },
  {
    title: 'Facebook posts go to a Page',
    body: 'Sign in as a Page admin and choose the Page during sign-in. Kitepost cannot post to a personal profile or a group.',
  },
  {
    title: 'LinkedIn posts as you',
    body: 'Connecting LinkedIn publishes to your personal profile. To post as your company, connect a LinkedIn Page: you need a Page admin role.',
  },
  {
    title: 'X counts characters its own way',
    body: 'Every link counts as 23 characters and emoji count as 2, so a post of 280 letters can still be too long. The editor counts it for you.',
  },
  {
    title: 'TikTok posts are private until TikTok audits the app',
    body: 'Until TikTok has audited the Kitepost app it serves, TikTok shows every post to you only ("Only me"); the composer says so. Posts sent to your TikTok inbox are finished in the TikTok app.',
  },
  {
    title: 'Use an account you control',
    body: 'Sign in with the business’s own login, not a former employee’s. Disconnecting here stops scheduled posts for that account; they go back to your drafts.',
  },
];
