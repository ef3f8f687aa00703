/**
 * The one plan table: names, prices, feature lists and limits. The landing page, billing and
 * the server's limit checks all read it. `null` as a limit means unlimited.
 *
 * Plain data, no zod: the landing's pricing cards render from it in the prerendered page and in a
 * visitor's first load, which stays without zod. The schemas for these values are in
 * plan-schemas.ts.
 */
export const planIds = ['free', 'starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const subscriptionStatuses = ['trialing', 'active', 'inactive', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The Enterprise card's feature that links to the API's documentation (/api/docs). */
export const CUSTOM_INTEGRATIONS_FEATURE = 'Custom integrations';

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars a month. */
  price: number;
  description: string;
  features: string[];
  popular: boolean;
  limits: {
    aiPostsPerMonth: number | null;
    socialAccounts: number | null;
    teamCollaboration: boolean;
    analytics: boolean;
    /** Bytes of images and videos the workspace may keep in its media library (decision 058). */
    mediaStorageBytes: number;
  };
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    price: 0,
    description: 'Try the basics after your trial ends',
    features: [
      '10 AI posts a month',
      '1 social account',
      'Calendar and composer',
      'Posting queue for 1 account',
      'Link-in-bio page',
      '500 MB media storage',
    ],
    popular: false,
    limits: {
      aiPostsPerMonth: 10,
      socialAccounts: 1,
      teamCollaboration: false,
      analytics: false,
      mediaStorageBytes: 500 * MB,
    },
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    price: 19,
    description: 'For solo entrepreneurs getting started',
    features: [
      '50 AI posts a month',
      '2 social accounts',
      'Calendar and composer',
      'Posting queue for 1 account',
      'Link-in-bio page, short links with UTM tags and click analytics',
      '5 GB media storage',
      'Email support',
    ],
    popular: false,
    limits: {
      aiPostsPerMonth: 50,
      socialAccounts: 2,
      teamCollaboration: false,
      analytics: false,
      mediaStorageBytes: 5 * GB,
    },
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    price: 49,
    description: 'For growing businesses that post every day',
    features: [
      '200 AI posts a month',
      '10 social accounts',
      'Posting queues for every account',
      'Recurring and evergreen posts',
      'CSV import and RSS auto-posting',
      'API, webhooks and calendar subscriptions',
      'Analytics',
      '25 GB media storage',
      'Priority support',
      'Team collaboration',
    ],
    popular: true,
    limits: {
      aiPostsPerMonth: 200,
      socialAccounts: 10,
      teamCollaboration: true,
      analytics: true,
      mediaStorageBytes: 25 * GB,
    },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 99,
    description: 'For agencies and teams with many brands',
    features: [
      'Unlimited AI posts',
      'Unlimited social accounts',
      'Everything in Professional',
      'Unlimited RSS feeds',
      'Advanced analytics',
      '100 GB media storage',
      'White-label',
      'Dedicated support',
      CUSTOM_INTEGRATIONS_FEATURE,
    ],
    popular: false,
    limits: {
      aiPostsPerMonth: null,
      socialAccounts: null,
      teamCollaboration: true,
      analytics: true,
      mediaStorageBytes: 100 * GB,
    },
  },
};

/**
 * Scheduling by plan (issue 25): which of the posting queue, recurring and evergreen posts, CSV
 * import, RSS auto-posting and calendar export each plan has. The server enforces it
 * (plan-gates.ts requireScheduling: a 402 naming the plan needed); pricing, the subscribe page
 * and the upgrade prompts read it. Kept apart from `plans` so that the landing's first load, which
 * renders only the feature lists, does not carry it.
 */
export interface SchedulingFeatures {
  /** Accounts that may have a posting schedule and queue; null: every account. */
  queueAccounts: number | null;
  recurringPosts: boolean;
  evergreenRecycling: boolean;
  csvImport: boolean;
  /** RSS/Atom feeds the workspace may follow; 0: none; null: unlimited. */
  rssFeeds: number | null;
  /** Downloading the calendar as .ics or CSV. */
  calendarExport: boolean;
  /** A private subscription URL for Google, Apple or Outlook calendars. */
  calendarSubscription: boolean;
}

export type SchedulingFeature = Exclude<keyof SchedulingFeatures, 'queueAccounts' | 'rssFeeds'>;

const basicScheduling: SchedulingFeatures = {
  queueAccounts: 1,
  recurringPosts: false,
  evergreenRecycling: false,
  csvImport: false,
  rssFeeds: 0,
  calendarExport: true,
  calendarSubscription: false,
};

export const schedulingByPlan: Record<PlanId, SchedulingFeatures> = {
  free: basicScheduling,
  starter: basicScheduling,
  professional: {
    queueAccounts: null,
    recurringPosts: true,
    evergreenRecycling: true,
    csvImport: true,
    rssFeeds: 10,
    calendarExport: true,
    calendarSubscription: true,
  },
  enterprise: {
    queueAccounts: null,
    recurringPosts: true,
    evergreenRecycling: true,
    csvImport: true,
    rssFeeds: null,
    calendarExport: true,
    calendarSubscription: true,
  },
};

/** What each scheduling feature is called in a refusal and an upgrade prompt ("… does not include X"). */
export const schedulingFeatureNames: Record<keyof SchedulingFeatures, string> = {
  queueAccounts: 'posting queues',
  recurringPosts: 'recurring posts',
  evergreenRecycling: 'evergreen recycling',
  csvImport: 'CSV import',
  rssFeeds: 'RSS auto-posting',
  calendarExport: 'calendar export',
  calendarSubscription: 'calendar subscriptions',
};

/** The cheapest plan whose scheduling includes `feature` (for a count: allows `atLeast` of it). */
export function firstPlanWith(feature: keyof SchedulingFeatures, atLeast = 1): PlanId {
  for (const id of planIds) {
    const value = schedulingByPlan[id][feature];
    if (value === true || value === null || (typeof value === 'number' && value >= atLeast)) return id;
  }
  return 'enterprise';
}

/** The plans sold on the pricing cards, in display order. */
export const paidPlans: Plan[] = [plans.starter, plans.professional, plans.enterprise];

export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 14;
