import type { BusinessType, ContentType, Tone } from '../../contracts/content-options';

/** Human labels of the spec's enumerations (§9), in the contract's order. */
export const businessTypeLabels: Record<BusinessType, string> = {
  ecommerce: 'E-commerce',
  restaurant: 'Restaurant',
  technology: 'Technology',
  'health-fitness': 'Health & Fitness',
  'real-estate': 'Real Estate',
  consulting: 'Consulting',
  other: 'Other',
};

export const contentTypeLabels: Record<ContentType, string> = {
  promotional: 'Promotional',
  educational: 'Educational',
  'behind-the-scenes': 'Behind the Scenes',
  'user-generated': 'User-Generated',
  inspirational: 'Inspirational',
  'news-updates': 'News & Updates',
};

export const toneLabels: Record<Tone, string> = {
  professional: 'Professional',
  casual: 'Casual',
  inspirational: 'Inspirational',
  humorous: 'Humorous',
  educational: 'Educational',
  conversational: 'Conversational',
};

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** 1200 -> '1.2K': an estimate reads better rounded. */
export function formatReach(reach: number): string {
  return compact.format(reach);
}
