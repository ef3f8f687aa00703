import { ChartColumnIncreasing, type LucideIcon, RefreshCw, Send, ShieldCheck } from 'lucide-react';

/** Marketing copy of the integrations page (spec §2: Integrations). */
export interface IntegrationFeature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const integrationFeatures: IntegrationFeature[] = [
  {
    icon: ShieldCheck,
    title: 'One-click secure connection',
    description:
      'Connect by signing in on the platform itself. Kitepost never sees or stores your social media passwords.',
  },
  {
    icon: Send,
    title: 'Publish everywhere',
    description: 'Write a post once, then schedule it to every connected account from one calendar.',
  },
  {
    icon: ChartColumnIncreasing,
    title: 'Unified analytics',
    description: 'Reach and engagement from every platform, side by side on your dashboard.',
  },
  {
    icon: RefreshCw,
    title: 'Automatic token refresh',
    description:
      'Connections are renewed in the background, so scheduled posts go out without you signing in again.',
  },
];

export type PlatformId =
  | 'facebook'
  | 'instagram'
  | 'twitter'
  | 'linkedin'
  | 'youtube'
  | 'tiktok'
  | 'pinterest'
  | 'threads'
  | 'bluesky'
  | 'mastodon'
  | 'google_business'
  | 'discord';

export type PlatformStatus = 'available' | 'coming-soon';

export interface Platform {
  id: PlatformId;
  name: string;
  status: PlatformStatus;
  description: string;
  features: string[];
}

export const availablePlatforms: Platform[] = [
  {
    id: 'facebook',
    name: 'Facebook',
    status: 'available',
    description: 'Publish to your Facebook Page and keep your community up to date on schedule.',
    features: ['Page posts with images and links', 'Scheduled publishing', 'Reach and engagement insights'],
  },
  {
    id: 'instagram',
    name: 'Instagram',
    status: 'available',
    description: 'Share feed posts with captions and hashtags written for Instagram.',
    features: ['Feed posts and captions', 'Hashtag suggestions', 'Works with business accounts'],
  },
  {
    id: 'twitter',
    name: 'X (Twitter)',
    status: 'available',
    description: 'Post timely updates, announcements and offers the moment they matter.',
    features: ['Posts sized to the character limit', 'Scheduled publishing', 'Engagement insights'],
  },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    status: 'available',
    description: 'Share company news and expertise in a professional voice.',
    features: ['Profile and company Page posts', 'Professional tone presets', 'Page share statistics'],
  },
  {
    id: 'threads',
    name: 'Threads',
    status: 'available',
    description: 'Start conversations with text, photos, videos and carousels on Threads.',
    features: ['Text, image, video and carousel posts', 'Reply chains', 'Views, likes and reposts'],
  },
  {
    id: 'pinterest',
    name: 'Pinterest',
    status: 'available',
    description: 'Turn your products and ideas into pins that bring visitors to your site.',
    features: [
      'Pins with a title, link and alt text',
      'Choose or create a board',
      'Saves and outbound clicks',
    ],
  },
  {
    id: 'bluesky',
    name: 'Bluesky',
    status: 'available',
    description: 'Post to Bluesky with links, mentions and hashtags that work.',
    features: ['Up to four images with alt text', 'Link cards and threads', 'Likes, reposts and replies'],
  },
  {
    id: 'mastodon',
    name: 'Mastodon',
    status: 'available',
    description: 'Reach your followers on any Mastodon server, with its own character limit.',
    features: ['Content warnings and visibility', 'Images with descriptions', 'Favourites and boosts'],
  },
  {
    id: 'youtube',
    name: 'YouTube',
    status: 'available',
    description: 'Upload videos and Shorts on a schedule, with titles, tags and your own thumbnail.',
    features: ['Videos and Shorts', 'Custom thumbnails', 'Views, likes and comments'],
  },
  {
    id: 'tiktok',
    name: 'TikTok',
    status: 'available',
    description: 'Post videos and photo posts to TikTok, or send them to your inbox to finish in the app.',
    features: ['Videos and photo posts', 'Privacy and interaction settings', 'Views, likes and shares'],
  },
  {
    id: 'google_business',
    name: 'Google Business Profile',
    status: 'available',
    description: 'Share updates, events and offers on your business’s profile in Google Search and Maps.',
    features: ['Updates, events and offers', 'Buttons like Book and Order', 'One post to many locations'],
  },
];

export const comingSoonPlatforms: Platform[] = [
  {
    id: 'discord',
    name: 'Discord',
    status: 'coming-soon',
    description: 'Announce news and promotions to the community on your server.',
    features: ['Channel announcements', 'Scheduled messages', 'One calendar with your other posts'],
  },
];
