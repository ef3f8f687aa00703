import {
  CalendarClock,
  ChartColumnIncreasing,
  type LucideIcon,
  Palette,
  Send,
  Users,
  WandSparkles,
} from 'lucide-react';

/** Marketing copy of the landing page (spec §1 and §2). */
export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
  highlights: string[];
}

export const features: Feature[] = [
  {
    icon: WandSparkles,
    title: 'AI content generation',
    description:
      'Describe your business, audience and campaign; get ready-to-post content written in your voice.',
    highlights: ['Posts and captions', 'Hashtags that fit each post', '5-10 fresh ideas at a time'],
  },
  {
    icon: CalendarClock,
    title: 'Smart scheduling',
    description: 'Plan weeks ahead on a visual calendar and publish at the times your audience is online.',
    highlights: ['Month-at-a-glance calendar', 'Scheduled, published and draft posts', 'Upcoming posts list'],
  },
  {
    icon: Send,
    title: 'Multi-platform publishing',
    description: 'Write once and publish everywhere your customers already are.',
    highlights: ['Facebook', 'Instagram', 'LinkedIn', 'Twitter'],
  },
  {
    icon: ChartColumnIncreasing,
    title: 'Analytics and insights',
    description: 'See which posts bring reach and engagement, and do more of what works.',
    highlights: ['Reach and engagement', 'Posts this month', 'Active campaigns'],
  },
  {
    icon: Palette,
    title: 'Brand consistency',
    description: 'The same voice on every post and every platform, whoever on your team writes it.',
    highlights: ['Six tone presets', 'Written for your target audience', 'Content types for every goal'],
  },
  {
    icon: Users,
    title: 'Team collaboration',
    description: 'Bring your team in and approve posts before they go live, with nothing lost in email.',
    highlights: ['Approval workflows', 'Shared content calendar', 'Team activity feed'],
  },
];

/** The public contact address (spec §2: Contact & Support). */
export const SUPPORT_EMAIL = 'support@kitepost.app';

/** Placeholders until the documents are published (spec §2). */
export const legalDocuments = ['Privacy Policy', 'Terms of Service', 'Cookie Policy'] as const;

/** The marketing claims (spec §1), in the order the hero lists them. */
export const claims = {
  trial: '7-day free trial',
  noCard: 'No credit card required',
  moneyBack: '14-day money-back guarantee',
  businesses: 'Trusted by 10,000+ businesses',
  demo: '5-minute guided demo',
} as const;

export interface Testimonial {
  name: string;
  role: string;
  content: string;
  /** Tailwind gradient of the initials avatar. */
  avatar: string;
}

export const testimonials: Testimonial[] = [
  {
    name: 'Maria Gonzalez',
    role: 'Owner, Sol Bakery',
    avatar: 'from-amber-500 to-rose-500',
    content:
      'I used to spend my Sunday evenings writing posts. Now I plan the whole week in twenty minutes and the posts sound like me.',
  },
  {
    name: 'David Chen',
    role: 'Founder, Chen Fitness Studio',
    avatar: 'from-emerald-500 to-teal-600',
    content:
      'The calendar keeps our classes and promotions in one place, and publishing to Instagram and Facebook at once saves us hours.',
  },
  {
    name: 'Priya Raman',
    role: 'Marketing lead, Greenleaf Realty',
    avatar: 'from-indigo-500 to-violet-600',
    content:
      'Our agents approve posts from their phones before they go out. We finally post every day without chasing anyone.',
  },
];

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
