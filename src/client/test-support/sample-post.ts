import { type Post, untouchedDraftFields } from '../../contracts/posts';

/**
 * A post for client tests: an untouched LinkedIn draft with plain content, changed by `overrides`
 * to whatever the test is about.
 */
export function samplePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    platform: 'linkedin',
    content: 'Fresh sourdough',
    tone: null,
    contentType: null,
    hashtags: [],
    suggestedImagePrompt: null,
    bestTimeToPost: null,
    estimatedReach: null,
    ...untouchedDraftFields(),
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  };
}
