/**
 * The guided tour's static sample data (spec §2 "Demo", §3 "Demo data", §9: 47 posts, 143/200
 * credits, 57 remaining). None of it comes from, or goes to, the server: the tour is a tour, not
 * the product.
 */

export type DemoPlatform = 'linkedin' | 'instagram' | 'twitter' | 'facebook';

/** Spec §3: sample post {platform, content, hashtags, tone}. */
export interface SamplePost {
  platform: DemoPlatform;
  content: string;
  hashtags: string[];
  tone: string;
}

/** A generated idea as the generator mock shows it: a sample post plus its tips. */
export interface SampleIdea extends SamplePost {
  bestTime: string;
  estimatedReach: string;
}

/** Spec §3: scheduled post {id, platform, content, scheduledAt, status scheduled}. */
export interface ScheduledPost {
  id: string;
  platform: DemoPlatform;
  content: string;
  /** ISO date-time, local to the sample business (no time zone: the tour is fixed in December 2024). */
  scheduledAt: string;
  status: 'scheduled';
}

export const platformNames: Record<DemoPlatform, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  twitter: 'Twitter',
  facebook: 'Facebook',
};

/** The tour's steps, in order (spec §4: step index 0..5). */
export const tourSteps = [
  {
    title: 'Welcome to Kitepost',
    description: 'A quick look at how Kitepost turns one idea into a month of posts on every network.',
  },
  {
    title: 'Your Dashboard',
    description: 'Everything at a glance: what you posted, how it performed and what is coming up next.',
  },
  {
    title: 'AI Content Generator',
    description: 'Describe your business and campaign once; Kitepost writes posts tailored to each platform.',
  },
  {
    title: 'Content Calendar',
    description: 'Plan the month visually, spot the gaps and keep every scheduled post in one place.',
  },
  {
    title: 'Social Accounts',
    description: 'Connect your accounts once, then publish everywhere from a single place.',
  },
  {
    title: 'Ready to Get Started?',
    description: 'You have seen the whole workflow. Try it with your own business, free for 7 days.',
  },
] as const;

export const TOUR_LENGTH = tourSteps.length;

export const demoStats = {
  postsThisMonth: 47,
  postsTrend: '+12% from last month',
  totalEngagement: 2847,
  engagementTrend: '+8.2% from last month',
  scheduledPosts: 12,
  scheduledHint: 'Next: today, 2:00 PM',
  creditsUsed: 143,
  creditsTotal: 200,
  creditsRemaining: 57,
} as const;

export interface ActivityItem {
  id: string;
  platform: DemoPlatform;
  text: string;
  when: string;
}

export const recentActivity: ActivityItem[] = [
  {
    id: 'a1',
    platform: 'linkedin',
    text: 'Post published: “3 ways we cut delivery times”',
    when: '2 hours ago',
  },
  { id: 'a2', platform: 'instagram', text: 'Your brunch reel reached 1,204 people', when: '5 hours ago' },
  {
    id: 'a3',
    platform: 'twitter',
    text: '6 new ideas generated for the holiday campaign',
    when: 'Yesterday',
  },
  { id: 'a4', platform: 'facebook', text: 'Post scheduled for December 12 at 6:00 PM', when: 'Yesterday' },
];

/** The generator form's sample values, with their visible labels. */
export const generatorForm = [
  { id: 'business-type', label: 'Business type', value: 'Restaurant' },
  { id: 'target-audience', label: 'Target audience', value: 'Local families and foodies' },
  {
    id: 'campaign-description',
    label: 'Campaign description',
    value: 'Launch our new weekend brunch menu and fill tables before the holidays.',
    multiline: true,
  },
  { id: 'content-type', label: 'Content type', value: 'Promotional' },
  { id: 'tone', label: 'Tone', value: 'Professional' },
] as const;

/** Two sets of ideas: 'Generate More' shows the next set, 'Generate Content Ideas' the first. */
export const sampleIdeaSets: SampleIdea[][] = [
  [
    {
      platform: 'linkedin',
      content:
        'This weekend we open our doors for brunch. After months of testing recipes with our team, we are proud to serve a menu built on local farms and seasonal produce.',
      hashtags: ['#LocalBusiness', '#Hospitality', '#SmallBusiness'],
      tone: 'Professional',
      bestTime: 'Tue, 9:00 AM',
      estimatedReach: '1.2K–1.8K',
    },
    {
      platform: 'instagram',
      content:
        'Pancake stacks, golden hash browns and the best flat white in town. Our weekend brunch starts Saturday at 9. Tag who you are bringing!',
      hashtags: ['#BrunchTime', '#WeekendVibes', '#FoodieFinds', '#EatLocal'],
      tone: 'Casual',
      bestTime: 'Sat, 8:00 AM',
      estimatedReach: '2.5K–3.4K',
    },
    {
      platform: 'twitter',
      content: 'New: weekend brunch, Saturdays and Sundays from 9 AM. First 20 tables get a free mimosa.',
      hashtags: ['#Brunch', '#LocalEats'],
      tone: 'Conversational',
      bestTime: 'Fri, 5:00 PM',
      estimatedReach: '800–1.1K',
    },
  ],
  [
    {
      platform: 'linkedin',
      content:
        'Behind every plate is a supplier we know by name. Meet the three family farms that make our new brunch menu possible.',
      hashtags: ['#SupplyChain', '#Community', '#FarmToTable'],
      tone: 'Inspirational',
      bestTime: 'Wed, 12:00 PM',
      estimatedReach: '900–1.4K',
    },
    {
      platform: 'instagram',
      content:
        'Swipe to see how our chef plates the new shakshuka. Which dish should we film next? Tell us in the comments!',
      hashtags: ['#BehindTheScenes', '#ChefLife', '#Brunch'],
      tone: 'Humorous',
      bestTime: 'Sun, 10:00 AM',
      estimatedReach: '3.1K–4.0K',
    },
    {
      platform: 'twitter',
      content: 'Poll: sweet or savoury brunch? Winner gets a spot on our holiday menu.',
      hashtags: ['#BrunchDebate', '#Foodie'],
      tone: 'Casual',
      bestTime: 'Thu, 7:00 PM',
      estimatedReach: '1.0K–1.5K',
    },
  ],
];

/** The calendar mock is fixed at December 2024 (its first day is a Sunday). */
export const calendarMonth = { year: 2024, monthIndex: 11, label: 'December 2024' } as const;

export const scheduledPosts: ScheduledPost[] = [
  {
    id: 'demo-1',
    platform: 'linkedin',
    content: 'Year in review: what 2024 taught our small team',
    scheduledAt: '2024-12-03T09:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-2',
    platform: 'instagram',
    content: 'Weekend brunch is here! Pancake stacks from 9 AM',
    scheduledAt: '2024-12-07T08:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-3',
    platform: 'twitter',
    content: 'First 20 tables get a free mimosa this Saturday',
    scheduledAt: '2024-12-07T17:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-4',
    platform: 'facebook',
    content: 'Book your holiday party with us: menus for 10 to 40 guests',
    scheduledAt: '2024-12-07T18:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-5',
    platform: 'instagram',
    content: 'Meet the farms behind our new menu',
    scheduledAt: '2024-12-12T10:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-6',
    platform: 'linkedin',
    content: 'We are hiring: weekend line cook',
    scheduledAt: '2024-12-16T09:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-7',
    platform: 'twitter',
    content: 'Holiday opening hours are out',
    scheduledAt: '2024-12-20T12:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-8',
    platform: 'instagram',
    content: 'Merry Christmas from our whole team',
    scheduledAt: '2024-12-25T09:00:00',
    status: 'scheduled',
  },
  {
    id: 'demo-9',
    platform: 'facebook',
    content: 'New Year’s Eve brunch: reservations open',
    scheduledAt: '2024-12-28T11:00:00',
    status: 'scheduled',
  },
];

/** Upcoming posts: the next four scheduled (spec §9: upcoming list of 4). */
export const upcomingPosts = scheduledPosts.slice(0, 4);

export interface DemoAccount {
  platform: DemoPlatform;
  handle: string;
  followers: string;
  posts: number;
  engagement: string;
}

export const connectedAccounts: DemoAccount[] = [
  { platform: 'linkedin', handle: 'Sol Bistro', followers: '1,248', posts: 86, engagement: '4.6%' },
  { platform: 'instagram', handle: '@solbistro', followers: '3,912', posts: 214, engagement: '6.1%' },
];

export const availablePlatforms: { platform: DemoPlatform; pitch: string }[] = [
  { platform: 'twitter', pitch: 'Share quick updates, polls and daily specials.' },
  { platform: 'facebook', pitch: 'Reach your local community and promote events.' },
];
