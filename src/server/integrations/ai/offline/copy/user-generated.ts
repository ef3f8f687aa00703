import type { ContentTypeCopy } from './content-type-copy';

/**
 * User-generated posts celebrate what customers share and invite more of it. They never invent a
 * testimonial: the quote or photo is the customer's own, reposted with permission (the image prompt
 * says so), and the text only frames it.
 */
export const userGeneratedCopy: ContentTypeCopy = {
  hooks: {
    professional: [
      'We are grateful to the {customers} who share their experience of our {topic}.',
      'Our community says it best.',
      'Thank you for sharing your photos of our {topic}.',
      '{Customers} in the spotlight: our {topic}, as you see it.',
      'Real experiences from real {customers}.',
      'When you share your experience, it helps others decide. Thank you.',
    ],
    casual: [
      'You guys! Your photos of our {topic} made our week.',
      'We see you sharing our {topic}, and we love it!',
      'This one is for you, our amazing {customers}!',
      'Your posts are the best part of our feed. Seriously.',
      "Look what you've been sharing!",
      'Shout-out to everyone who tagged us this week!',
    ],
    humorous: [
      "Our {customers} take better photos than we do. It's a little embarrassing.",
      'We were going to post our own photo, but yours are better.',
      'Our marketing team: you. Our budget: thank-you notes.',
      "Plot twist: the best content about our {topic} isn't made by us.",
      "Your photos of our {topic} deserve an award. We don't have one, so here's a post.",
      'Official ranking of the best photos of our {topic}: all of them.',
    ],
    inspirational: [
      'Nothing inspires us more than seeing you enjoy our {topic}.',
      'This is why we do what we do.',
      'Every story you share reminds us why we started.',
      'You are the heart of everything we do.',
      'Moments like these make every early start worth it.',
      'When you share your moments with us, you make our day.',
    ],
    educational: [
      "Why we love sharing our {customers}' photos: they show our {topic} as it really is.",
      'Want to see our {topic} in real life? Our community has you covered.',
      'The best reviews are the ones you can see.',
      'How our {customers} enjoy our {topic}: a real-life look.',
      'Real photos, real {customers}: our {topic} in everyday life.',
      "Here's what our {topic} looks like outside our own photos.",
    ],
    conversational: [
      'Can we brag about our {customers} for a second?',
      'Okay, we have to share this.',
      "Have you shared your photos of our {topic} yet? We'd love to see them.",
      'You know what makes our day? Seeing posts like this.',
      'Tell us if this looks familiar.',
      "Let's hear it for our {customers}!",
    ],
  },
  bodies: [
    'This photo, shared by one of our {customers} (with permission), says it better than we could.',
    'Seeing our {topic} in your everyday life is the best feedback we could ask for.',
    'Every tag, photo and story means a lot to a small team like ours.',
    'We read every comment and see every tag, so keep them coming.',
    'Keep sharing: your photos inspire other {customers} too.',
  ],
  ctas: {
    formal: [
      'Share your own experience and tag us to be featured.',
      'Tag us in your photos for a chance to be featured.',
    ],
    informal: ['Your turn: share a photo and tag us!', 'Tag us in your photos, we might feature yours next!'],
    instagram: [
      'Tag us in your photos for a chance to be featured in our next post.',
      'Share your photo and tag us; we might feature yours next.',
    ],
  },
  questions: [
    'How do you enjoy our {topic}? Tell us below.',
    "What's your favourite memory with us?",
    'Who should we feature next?',
  ],
  listsTips: false,
  statesOffer: false,
};
