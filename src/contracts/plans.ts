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
    features: ['10 AI posts a month', '1 social account', 'Basic scheduling', '500 MB media storage'],
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
      'Basic scheduling',
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
      'Advanced scheduling',
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
      'Advanced analytics',
      '100 GB media storage',
      'White-label',
      'Dedicated support',
      'Custom integrations',
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

/** The plans sold on the pricing cards, in display order. */
export const paidPlans: Plan[] = [plans.starter, plans.professional, plans.enterprise];

export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 14;
