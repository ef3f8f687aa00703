import { describe, expect, it } from 'vitest';
import { businessTypes, contentTypes } from '../../../contracts/content-options';
import { publishingPlatforms } from '../../../contracts/platforms';
import { suggestPostInsights } from './post-insights';

describe('suggestPostInsights', () => {
  it('gives each platform its general best time', () => {
    expect(suggestPostInsights('linkedin', 'technology', 'educational').bestTimeToPost).toBe(
      'Tue–Thu, 8–10 AM',
    );
    expect(suggestPostInsights('instagram', 'ecommerce', 'promotional').bestTimeToPost).toBe(
      'Mon–Fri, 11 AM–1 PM',
    );
    expect(suggestPostInsights('twitter', 'consulting', 'news-updates').bestTimeToPost).toBe(
      'Weekdays, 9 AM–12 PM',
    );
    expect(suggestPostInsights('facebook', 'other', 'inspirational').bestTimeToPost).toBe(
      'Wed–Fri, 9 AM–1 PM',
    );
  });

  it('follows the hours of businesses whose customers keep others', () => {
    expect(suggestPostInsights('instagram', 'restaurant', 'promotional').bestTimeToPost).toMatch(
      /10–11 AM or 4–5 PM/,
    );
    expect(suggestPostInsights('facebook', 'health-fitness', 'inspirational').bestTimeToPost).toMatch(
      /6–8 AM/,
    );
  });

  it('estimates a modest, round reach, higher for content that travels further', () => {
    for (const platform of publishingPlatforms) {
      for (const businessType of businessTypes) {
        for (const contentType of contentTypes) {
          const { estimatedReach, bestTimeToPost } = suggestPostInsights(platform, businessType, contentType);
          expect(Number.isInteger(estimatedReach)).toBe(true);
          expect(estimatedReach % 50).toBe(0);
          expect(estimatedReach).toBeGreaterThanOrEqual(100);
          expect(estimatedReach).toBeLessThanOrEqual(1000);
          expect(bestTimeToPost.length).toBeLessThanOrEqual(100);
        }
      }
    }
    const promotional = suggestPostInsights('instagram', 'ecommerce', 'promotional').estimatedReach;
    expect(suggestPostInsights('instagram', 'ecommerce', 'educational').estimatedReach).toBeGreaterThan(
      promotional,
    );
  });

  it('is the same for the same input', () => {
    expect(suggestPostInsights('linkedin', 'restaurant', 'promotional')).toEqual(
      suggestPostInsights('linkedin', 'restaurant', 'promotional'),
    );
  });
});
