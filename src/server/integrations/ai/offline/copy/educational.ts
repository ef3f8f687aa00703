import type { ContentTypeCopy } from './content-type-copy';

/** Educational posts open on the topic, then list three of the business's practical tips. */
export const educationalCopy: ContentTypeCopy = {
  hooks: {
    professional: [
      'What we have learned about our {topic}, in brief.',
      'Practical advice on our {topic} for {audience}.',
      'Getting more from our {topic}: a short guide.',
      'The fundamentals behind our {topic}, from {team}.',
      'Simple habits that get more out of our {topic}.',
      'A practical note for {audience} on our {topic}.',
    ],
    casual: [
      "Okay, let's talk tips for our {topic}!",
      'Things we wish everyone knew about our {topic}.',
      'Your cheat sheet for our {topic} is here.',
      'New to our {topic}? Start here.',
      'We get asked about our {topic} a lot, so here goes.',
      'A few easy wins for our {topic}, coming right up.',
    ],
    humorous: [
      "Everything you wanted to know about our {topic} (and a few things you didn't).",
      'Welcome to {topic} school. No homework, we promise.',
      "Learn from our mistakes with our {topic}, so you don't have to make them.",
      'The tips nobody tells you about our {topic}. Until now.',
      "Class is in session, and today's subject is our {topic}.",
      'Spoiler: getting our {topic} right is easier than it looks.',
    ],
    inspirational: [
      "Every good habit starts with learning something new, so let's talk about our {topic}.",
      "Knowledge is the first step. Here's what to know about our {topic}.",
      "Getting better at anything starts with one small lesson. Today's is about our {topic}.",
      'The more you know, the more you enjoy it. A few thoughts on our {topic}.',
      "Every expert was once a beginner. Here's where to start with our {topic}.",
      "Curiosity pays off. Here's what we've learned about our {topic}.",
    ],
    educational: [
      'How to get the most out of our {topic}.',
      'Did you know? Small details make a big difference with our {topic}.',
      "Here's a quick guide to our {topic}.",
      "A beginner's guide to our {topic}, for {audience}.",
      'Lesson of the day, on our {topic}.',
      'Small habits that make our {topic} work harder for you.',
    ],
    conversational: [
      "Can we share a few things we've learned about our {topic}?",
      "Let's be honest: our {topic} can feel like a lot at first.",
      "You've asked us about our {topic}, so let's dig in.",
      'Ever wondered how to make the most of our {topic}?',
      "Here's what we'd tell a friend about our {topic}.",
      "So, you're curious about our {topic}? Good. Let's chat.",
    ],
  },
  // Each leads into the list of tips.
  bodies: [
    "Here's what we tell {customers} who ask:",
    'A few things that make a real difference:',
    'What works, in our experience:',
    'The short list:',
    'Start with these:',
    'Keep these in mind:',
    'Our go-to advice:',
    "What we've learned over the years:",
  ],
  ctas: {
    formal: [
      'Save this post for later.',
      'Share it with someone who will find it useful.',
      "Questions? {Action} and we'll help.",
    ],
    informal: [
      "Save this for later, you'll thank us.",
      'Send this to a friend who needs it.',
      'Got questions? Drop them below.',
    ],
    instagram: [
      'Save this post for later, and share it with a friend who needs it.',
      'Save this post for later. More tips via the link in bio.',
    ],
  },
  questions: [
    'What would you add to this list?',
    'Which of these do you already do?',
    'What should we cover next?',
    'What is the one tip you would give a beginner?',
  ],
  listsTips: true,
  statesOffer: false,
};
