import type { ContentTypeCopy } from './content-type-copy';

/**
 * User-generated posts celebrate what customers share and invite more of it. They never invent a
 * testimonial: the quote or photo is the customer's own, reposted with permission (the image prompt
 * says so), and the text only frames it. They speak of posts and experiences rather than photos, so
 * that they suit a software tool or an adviser as well as a café.
 */
export const userGeneratedCopy: ContentTypeCopy = {
  hooks: {
    professional: [
      'We are grateful to the {customers} who share their experience of our {topic}.',
      'Our community says it best.',
      'Thank you for sharing your experiences of our {topic}.',
      '{Customers} in the spotlight: our {topic}, as you see {it}.',
      'Real experiences from real {customers}.',
      'When you share your experience, it helps others decide. Thank you.',
    ],
    casual: [
      'You guys! Your posts about our {topic} made our week.',
      'We see you talking about our {topic}, and we love it!',
      'This one is for you, our amazing {customers}!',
      'Your posts are the best part of our feed. Seriously.',
      "Look what you've been sharing!",
      'Shout-out to everyone who tagged us this week!',
    ],
    humorous: [
      "Our {customers} tell our story better than we do. It's a little embarrassing.",
      'We were going to write our own post, but yours are better.',
      'Our marketing team: you. Our budget: thank-you notes.',
      "Plot twist: the best content about our {topic} isn't made by us.",
      "Your posts about our {topic} deserve an award. We don't have one, so here's a post.",
      'Official ranking of the best posts about our {topic}: all of them.',
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
      "Why we love sharing our {customers}' posts: they show our {topic} as it really is.",
      'Want to see our {topic} in real life? Our community has you covered.',
      'The best reviews are the ones you can see.',
      'How our {customers} enjoy our {topic}: a real-life look.',
      'Real posts, real {customers}: our {topic} in everyday life.',
      "Here's our {topic}, seen through your eyes rather than ours.",
    ],
    conversational: [
      'Can we brag about our {customers} for a second?',
      'Okay, we have to share this.',
      "Have you shared your take on our {topic} yet? We'd love to see it.",
      'You know what makes our day? Seeing posts like this.',
      'Tell us if this looks familiar.',
      "Let's hear it for our {customers}!",
    ],
  },
  productLines: [
    'Starring in your posts lately: our {product}.',
    'Spotted in your feeds: our {product}.',
    "Today's feature: you, and our {product}.",
    'It makes our day to see you enjoying our {product}.',
    'Your take on our {product} beats any ad we could write.',
    'We love seeing our {product} through your eyes.',
    'Real people, real moments, and our {product}.',
    'Shared with love, starring our {product}.',
  ],
  bodies: [
    'This post, shared by one of our {customers} (with permission), says it better than we could.',
    'Seeing our {topic} in your everyday life is the best feedback we could ask for.',
    'Every tag, photo and story means a lot to a small team like ours.',
    'We read every comment and see every tag, so keep them coming.',
    'Keep sharing: your posts inspire other {customers} too.',
    'Honest words from real {customers} mean more to us than any ad.',
    'Thank you for taking the time to share it with us.',
    'This one is going straight on our wall of favourites.',
    'We asked before sharing, and we are so glad they said yes.',
    'Your stories help other {customers} know what to expect.',
    'A big thank-you to everyone who has shared their experience with us.',
    'Every share helps a small business like ours be found.',
    'We never get tired of seeing this.',
  ],
  ctas: {
    formal: [
      'Share your own experience and tag us to be featured.',
      'Tag us in your posts for a chance to be featured.',
      'Tell us about your experience, and you might be featured next.',
      'Post your experience and mention us, so we can share it.',
      'We would love to hear your story: tag us or send us a message.',
      'Share your experience with us; every one is read by the team.',
    ],
    informal: [
      'Your turn: share a post and tag us!',
      'Tag us in your posts, we might feature yours next!',
      'Show us yours: tag us!',
      'Got a story? Share it and tag us!',
      'Post it, tag us, make our day!',
      "We'd love to see yours, so tag us!",
    ],
    instagram: [
      'Tag us in your posts for a chance to be featured in our next one.',
      'Share your moment and tag us; we might feature yours next.',
      'Tag us in your stories, we love seeing them. The link in bio is there when you want to {action}.',
      'Share yours and tag us, and find us any time via the link in bio.',
    ],
  },
  questions: [
    'How do you enjoy our {topic}? Tell us below.',
    "What's your favourite memory with us?",
    'Who should we feature next?',
    'What would you tell someone trying us for the first time?',
    'What made you share yours?',
    'Have you tagged us yet?',
  ],
  listsTips: false,
  statesOffer: false,
};
