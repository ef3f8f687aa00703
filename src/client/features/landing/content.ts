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
    description: 'Describe your business and campaign; get ready-to-post content in your voice.',
    highlights: ['Posts and captions', 'Relevant hashtags', '5-10 fresh ideas at a time'],
  },
  {
    icon: CalendarClock,
    title: 'Smart scheduling',
    description: 'Plan weeks ahead on a visual calendar and let Kitepost publish on time.',
    highlights: ['Month, week and day views', 'Drag to reschedule', 'Best-time suggestions'],
  },
  {
    icon: Send,
    title: 'Multi-platform publishing',
    description: 'Write once and publish everywhere your customers are.',
    highlights: ['Facebook and Instagram', 'LinkedIn', 'Twitter'],
  },
  {
    icon: ChartColumnIncreasing,
    title: 'Analytics and insights',
    description: 'See which posts bring reach and engagement, and do more of what works.',
    highlights: ['Reach and engagement', 'Per-platform results', 'Weekly reports'],
  },
  {
    icon: Palette,
    title: 'Brand consistency',
    description: 'Your tone, words and style on every post, whoever writes it.',
    highlights: ['Brand voice profile', 'Tone presets', 'Reusable hashtags'],
  },
  {
    icon: Users,
    title: 'Team collaboration',
    description: 'Invite your team and approve posts before they go live.',
    highlights: ['Roles and permissions', 'Approval workflows', 'Comments on posts'],
  },
];

export interface Testimonial {
  name: string;
  role: string;
  content: string;
}

export const testimonials: Testimonial[] = [
  {
    name: 'Maria Gonzalez',
    role: 'Owner, Sol Bakery',
    content:
      'I used to spend my Sunday evenings writing posts. Now I plan the whole week in twenty minutes and the posts sound like me.',
  },
  {
    name: 'David Chen',
    role: 'Founder, Chen Fitness Studio',
    content:
      'The calendar keeps our classes and promotions in one place, and publishing to Instagram and Facebook at once saves us hours.',
  },
  {
    name: 'Aisha Patel',
    role: 'Marketing lead, Greenleaf Realty',
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
