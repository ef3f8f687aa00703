import type { Tone } from '../../../../../contracts/content-options';

/** How each tone sounds beyond its openings; every line is a template (see templates.ts). */
export interface ToneCopy {
  /** Calls to action in this register: formal or informal. */
  register: 'formal' | 'informal';
  /** Openings that suit any content type; used once a content type's own openings are taken. */
  hooks: readonly string[];
  /**
   * Short sentences put before an opening once the openings themselves run out, so that a post
   * still starts differently from every post shown before. Their first words differ.
   */
  leadIns: readonly string[];
  /**
   * A sentence that carries the tone in longer posts, written to follow any content type's body.
   * The humorous tone uses the business's jokes too.
   */
  voice: readonly string[];
  /**
   * Weaves the brand kit's keywords in. `{keywords}` is them as short sentences ('Soy wax. Hand-poured.
   * Calm.'), which reads well whether a keyword is a noun or an adjective.
   */
  keywordLines: readonly string[];
}

export const toneCopy: Record<Tone, ToneCopy> = {
  professional: {
    register: 'formal',
    hooks: [
      'A note for {audience} about our {topic}.',
      'Our {topic}: an update from {team}.',
      'Why we care so much about our {topic}.',
      'A closer look at our {topic}.',
    ],
    leadIns: [
      'A brief update.',
      'For your calendar.',
      'Worth your attention.',
      'In brief.',
      'A note from {team}.',
      'Here is the latest.',
      'One more thing.',
      'This week, in short.',
      'Something to consider.',
      'An update worth sharing.',
    ],
    voice: [
      'Our focus is simple: do the basics exceptionally well, every time.',
      'We measure success by one thing: whether our {customers} come back.',
      'Quality, consistency and clear communication remain our priorities.',
      'Thank you for your continued trust.',
      'As always, our team is happy to answer any questions.',
    ],
    keywordLines: ['{Keywords} That is our standard.', '{Keywords} Every time.'],
  },
  casual: {
    register: 'informal',
    hooks: [
      "Let's chat about our {topic}!",
      'Can we gush about our {topic} for a minute?',
      'All about our {topic}, the fun version.',
      'Okay, {topic} time!',
    ],
    leadIns: [
      'Real talk.',
      'Okay, friends!',
      'Quick one!',
      'Hey you!',
      'Psst.',
      'Guess what?',
      'Little update!',
      'Okay, one more.',
      'So, this happened.',
      'Hi again!',
    ],
    voice: [
      'No fuss, just good stuff.',
      "Come say hi, we'd love to see you.",
      "Good vibes and good people: that's the plan.",
      'Big thanks for being here, it means a lot.',
      'Anyway, we just had to share.',
    ],
    keywordLines: ["{Keywords} That's us in a nutshell.", "{Keywords} That's how we roll."],
  },
  humorous: {
    register: 'informal',
    hooks: [
      'Our {topic} has entered the chat.',
      'If our {topic} had a theme song, it would be playing right now.',
      'Our {topic}, now with 100% more enthusiasm.',
      'Legend says nobody forgets their first time with our {topic}.',
    ],
    leadIns: [
      'Plot twist.',
      'Hot take incoming.',
      'True story.',
      'This is not a drill.',
      'Breaking-ish news.',
      'Spoiler alert.',
      'Confession time.',
      "In today's episode.",
      'Brace yourselves.',
      'Fun fact nobody asked for.',
    ],
    voice: [
      "Results may vary. Smiles probably won't.",
      'We would apologise for the excitement, but we are not sorry.',
      'This message was brought to you by our third coffee of the day.',
    ],
    keywordLines: [
      '{Keywords} Our favourite words, in no particular order.',
      '{Keywords} Yes, we wrote that on a sticky note.',
    ],
  },
  inspirational: {
    register: 'informal',
    hooks: [
      'Our {topic} started with a simple belief: better is possible.',
      'Every day is a chance to begin again. Our {topic} can be part of yours.',
      'Some things are worth doing well, like our {topic}.',
      'It all begins with a first step. Ours was our {topic}.',
    ],
    leadIns: [
      "Here's to new beginnings.",
      'Today is a good day to start.',
      'Progress over perfection.',
      'Keep going.',
      'Dream big, start small.',
      'One step at a time.',
      'Believe in better.',
      'Small steps, big change.',
      'Start where you are.',
      'Make it count.',
    ],
    voice: [
      'Every big change starts with one small step.',
      'Progress, not perfection.',
      "Here's to doing more of what makes you happy.",
      'The best things are built one day at a time.',
    ],
    keywordLines: ["{Keywords} That's what we stand for.", "{Keywords} It's what we believe in."],
  },
  educational: {
    register: 'formal',
    hooks: [
      'Our {topic} in three sentences.',
      'What to know about our {topic}.',
      'A short primer on our {topic}.',
      'Explained simply: our {topic}.',
    ],
    leadIns: [
      'Quick lesson.',
      'Pro tip.',
      'Good to know.',
      'Lesson of the day.',
      'Bookmark this.',
      "Here's something useful.",
      'Today we learned.',
      'A quick explainer.',
      'Note to self.',
      'Study break.',
    ],
    voice: [
      'The short version: a little planning goes a long way.',
      'The takeaway: start small, stay consistent, and adjust as you learn.',
      'Good to know: we are always happy to answer questions.',
      'Worth remembering: the best choice is the one that fits how you actually live and work.',
    ],
    keywordLines: ['{Keywords} Our approach, in a nutshell.', '{Keywords} The ideas that guide our work.'],
  },
  conversational: {
    register: 'informal',
    hooks: [
      'Okay, can we talk about our {topic}?',
      'Have you heard about our {topic}?',
      "We'd love your take on our {topic}.",
      'Between you and us, our {topic} might be our favourite thing right now.',
    ],
    leadIns: [
      'Can we be honest?',
      'Hey there!',
      'You know what?',
      "Let's chat.",
      'Quick thought.',
      "Here's a question.",
      "So here's the thing.",
      'Can we tell you something?',
      'Got a minute?',
      'Just between us.',
    ],
    voice: [
      "We'd love to hear what you think.",
      'Drop us a message any time. We read every one.',
      'Thanks for being part of this with us.',
      "Tell us what's on your mind, we're all ears.",
    ],
    keywordLines: [
      "{Keywords} That's what we're about, in case you were wondering.",
      '{Keywords} Sound like you? We think so.',
    ],
  },
};
