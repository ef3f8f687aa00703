import type { ContentTypeCopy } from './content-type-copy';

/** Behind-the-scenes posts show the work; their bodies mix the business's process with the campaign. */
export const behindTheScenesCopy: ContentTypeCopy = {
  hooks: {
    professional: [
      'A look behind the scenes {atPlace}.',
      'How we put together our {topic}, step by step.',
      'Before our {topic} reaches you, a lot happens. Here is some of it.',
      'The work behind our {topic}.',
      "Inside {team}'s week: preparing our {topic}.",
      'What it takes to deliver our {topic}.',
    ],
    casual: [
      'Come behind the scenes with us!',
      "Ever wondered what goes on behind the scenes? Here's a peek.",
      'A little sneak peek at how we bring our {topic} to life.',
      'This is what a normal day looks like {atPlace}.',
      "Pull up a chair: here's how we make our {topic} happen.",
      'Real life {atPlace}, no filter.',
    ],
    humorous: [
      'What really happens behind the scenes (spoiler: a lot of coffee).',
      'Behind our {topic}: a team that swears everything went exactly to plan.',
      'Our team, in its natural habitat.',
      "Things you don't see from the outside, volume one.",
      'We let you behind the curtain. Please ignore the mess.',
      "The glamorous side of our {topic}. Kidding. Here's the real side.",
    ],
    inspirational: [
      'Great things are built in the moments nobody sees.',
      'Every detail matters, even the ones you never see.',
      'Behind our {topic} are people who care about getting it right.',
      'The quiet work is where the magic happens.',
      'Proud of this team, and of the work that goes into our {topic}.',
      'Passion looks like this: early starts and attention to every detail.',
    ],
    educational: [
      'How we bring our {topic} together: a short explainer.',
      "Ever wondered how we prepare our {topic}? Here's the process.",
      'The process behind our {topic}, explained.',
      'What happens before our {topic} reaches you.',
      'A quick look at our process, from start to finish.',
      'Why we do things the way we do {atPlace}.',
    ],
    conversational: [
      'Want to see what goes on behind the scenes?',
      "We don't show this part often, so here it is.",
      'Honestly, this is our favourite part of the job.',
      'Let us show you around.',
      "You see the end result. Here's what you don't see.",
      'Ever wondered who is behind our {topic}? Meet the team.',
    ],
  },
  // The business's own process lines come first; these tie the work to the campaign.
  bodies: [
    "It's not glamorous, but it's the part that makes the difference.",
    "It takes time, and we wouldn't have it any other way.",
    'Right now, a lot of that effort is going into our {headline}.',
    "This week, it's all about our {headline}.",
    'All of it so that you get {feature} without having to think about it.',
  ],
  ctas: {
    formal: [
      'Follow us for more from behind the scenes.',
      '{Action} and see the results for yourself.',
      'Follow along to see more of how we work.',
    ],
    informal: [
      'Follow along for more behind-the-scenes moments!',
      'Want more of this? Follow along.',
      "Come say hello, and {action} while you're at it.",
    ],
    instagram: [
      'Follow for more behind-the-scenes moments, and tap the link in bio to {action}.',
      'Save this post and follow along for more.',
    ],
  },
  questions: [
    'What would you like to see behind the scenes next?',
    'Did anything here surprise you?',
    'Which part of the process would you like to know more about?',
  ],
  listsTips: false,
  statesOffer: false,
};
