import type { ContentTypeCopy } from './content-type-copy';

export const newsUpdatesCopy: ContentTypeCopy = {
  hooks: {
    professional: [
      'News from {team}: our {headline}.',
      'We are pleased to announce our {headline}.',
      'An update for {audience}: our {headline}.',
      'Today we are launching our {headline}.',
      'Announcement: our {headline}.',
      'The latest from {fromUs}: our {headline}.',
    ],
    casual: [
      'Big news, friends: our {headline} {is} here!',
      "It's official: our {headline} {is} live!",
      'Guess what? Our {headline} just landed!',
      'Fresh news just in: our {headline}!',
      'You heard it here first: our {headline}!',
      'Drumroll, please: our {headline}!',
    ],
    humorous: [
      'Stop the presses! (Do people still say that?) Our {headline} {is} here.',
      "In today's news: our {headline}. Forecast: sunny, with a strong chance of excitement.",
      "We have an announcement, and we've been very bad at keeping it quiet: our {headline}.",
      'This just in: our {headline}. Our group chat has not calmed down since.',
      'Breaking: small team, big news. Our {headline} {is} here.',
      "Cancel your plans. Actually, don't. Just make room for our {headline}.",
    ],
    inspirational: [
      'A new chapter starts today: our {headline}.',
      'We have been working towards this for a long time: our {headline}.',
      'Every milestone starts as an idea. Today, ours becomes real: our {headline}.',
      'Growth means trying new things, like our {headline}.',
      "Here's to what's next: our {headline}.",
      'New beginnings deserve to be celebrated. Introducing our {headline}.',
    ],
    educational: [
      "What's new: our {headline}, and what it means for you.",
      "Here's what you need to know about our {headline}.",
      'Our {headline}, explained in plain language.',
      'Update: our {headline}. Here are the key details.',
      'Everything you need to know about our {headline}, in one post.',
      'A quick briefing on our {headline}.',
    ],
    conversational: [
      "We have some news we've been dying to share: our {headline}.",
      'So, something new is happening: our {headline}.',
      'Can we share a little news? Our {headline} {is} here.',
      "You'll be the first to hear about it: our {headline}.",
      'Let us catch you up: our {headline}.',
      'Hey, have you heard? Our {headline} {is} here.',
    ],
  },
  bodies: [
    '{ItHas} been in the works for a while, and we are proud of the result.',
    'We built {it} with {audience} in mind.',
    'Expect {feature}, and more to come.',
    "{ItIs} among the things we're most excited about {inOffering}.",
    "Have a question about {it}? We're happy to answer.",
    'More updates are on the way, so stay tuned.',
  ],
  ctas: {
    formal: ['Find out more and {action}.', 'Read the details and {action}.'],
    informal: ['Go take a look, and {action}!', "Come and see what's new, and {action}."],
    instagram: [
      'Tap the link in bio for all the details.',
      "All the details are via the link in bio; save this post so you don't miss it.",
    ],
  },
  questions: [
    'What do you think?',
    'What would you like us to add next?',
    'Which part are you most looking forward to?',
  ],
  listsTips: false,
  statesOffer: true,
};
