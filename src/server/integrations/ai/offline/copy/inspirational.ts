import type { ContentTypeCopy } from './content-type-copy';

/** Inspirational posts open on an encouraging thought, then tie it to the campaign and the audience. */
export const inspirationalCopy: ContentTypeCopy = {
  hooks: {
    professional: [
      'Meaningful progress is built one consistent step at a time.',
      'Consistency outperforms intensity, in business and in life.',
      'Excellence is a habit, built one day at a time.',
      'Small improvements, repeated daily, lead to remarkable results.',
      'Every goal starts with a decision.',
      'What you do every day matters more than what you do once in a while.',
    ],
    casual: [
      "Friendly reminder: you're doing better than you think!",
      "Whatever day it is, you've got this.",
      'Little wins count too. Celebrate them!',
      "Here's your sign to do the thing you've been putting off.",
      "Take a breath. You're doing great.",
      'Good days start with small wins.',
    ],
    humorous: [
      "Motivational quote goes here. Just kidding, you're already motivated.",
      'Be the person your dog thinks you are.',
      'Rise and shine. Or just rise. Shining is optional.',
      "Today's goal: be as confident as a toddler in a superhero cape.",
      'Progress is progress, even when it is slow. Just ask any tortoise.',
      'Some days you are the hammer, some days you are the nail. Today, be the coffee.',
    ],
    inspirational: [
      'Every big journey starts with a single step.',
      "Believe in what you're building.",
      'Your future self will thank you for starting today.',
      'Dream big, start small, keep going.',
      'The best view comes after the hardest climb.',
      'Bloom where you are planted.',
    ],
    educational: [
      'Why small habits matter: they compound, just like interest.',
      'A useful idea: motivation follows action, not the other way round.',
      'One lesson worth remembering: progress is rarely a straight line.',
      "Here's a mindset shift that helps: focus on systems, not just goals.",
      'The two-minute rule: if it takes less than two minutes, do it now.',
      'Something we have learned over the years: consistency wins.',
    ],
    conversational: [
      "Can we share something that's been on our minds?",
      'How are you really doing this week?',
      'You know those days when nothing goes to plan? This is for you.',
      "Let's talk about starting before you feel ready.",
      "Quick check-in: what's one thing you're proud of this week?",
      "Honestly? Some days are harder than others, and that's okay.",
    ],
  },
  bodies: [
    "That's the spirit behind our {headline}.",
    "That's why we created our {headline} for {audience}.",
    'For {audience}, it can start with one small step today.',
    "Whatever you're working towards, {team} is cheering you on.",
    'We see it every day {atPlace}.',
    'Our {headline} can help with exactly that.',
    'Take the step in front of you. The rest follows.',
  ],
  ctas: {
    formal: ['Share this with someone who needs it today.', 'When you are ready, {action}.'],
    informal: ['Tag someone who needs this today!', 'Save this as your reminder.'],
    instagram: [
      'Save this post as your reminder, and share it with someone who needs it.',
      'Double-tap if you needed this today, and find our {topic} via the link in bio.',
    ],
  },
  questions: [
    'What is one small step you will take this week?',
    'What keeps you motivated?',
    'Who inspires you to keep going?',
    'What would you tell yourself a year ago?',
  ],
  listsTips: false,
  statesOffer: false,
};
