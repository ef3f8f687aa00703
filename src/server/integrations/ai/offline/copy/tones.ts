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
      'We are here to help, whatever you need.',
      'Every detail is checked, so you do not have to.',
      'Our door is always open for feedback.',
    ],
    keywordLines: [
      '{Keywords} That is our standard.',
      '{Keywords} Every time.',
      '{Keywords} Those are our priorities.',
      '{Keywords} The principles behind our work.',
      '{Keywords} What we hold ourselves to.',
    ],
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
      'Honestly, we love this one.',
      "That's it, that's the post.",
      'Catch you soon!',
    ],
    keywordLines: [
      "{Keywords} That's us in a nutshell.",
      "{Keywords} That's how we roll.",
      '{Keywords} Yep, that sums us up.',
      "{Keywords} That's the vibe.",
      '{Keywords} Simple as that.',
    ],
  },
  humorous: {
    register: 'informal',
    hooks: [
      'Guess who just entered the chat? Our {topic}.',
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
      'Our team voted on this post. It was unanimous. There were two of us.',
      'We asked our mums. They said it was great, so it is officially great.',
      'No one was harmed in the making of this post. One mug was chipped.',
      'Side note: we are fun at parties too. Allegedly.',
    ],
    keywordLines: [
      '{Keywords} Our favourite words, in no particular order.',
      '{Keywords} Yes, we wrote that on a sticky note.',
      '{Keywords} We may have printed that on a mug.',
      '{Keywords} Our mission statement, abridged.',
      '{Keywords} Try saying that three times fast.',
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
      'Keep going; you are closer than you think.',
      'Little by little, a little becomes a lot.',
      'Your pace is the right pace.',
      'Start today, not someday.',
    ],
    keywordLines: [
      "{Keywords} That's what we stand for.",
      "{Keywords} It's what we believe in.",
      '{Keywords} Our guiding lights.',
      '{Keywords} The heart of what we do.',
      '{Keywords} Words we live by.',
    ],
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
      'Rule of thumb: if in doubt, ask.',
      'In short: the right habits do the heavy lifting.',
      'Remember: small changes compound over time.',
      'One more thing: there are no silly questions.',
    ],
    keywordLines: [
      '{Keywords} Our approach, in a nutshell.',
      '{Keywords} The ideas that guide our work.',
      '{Keywords} The basics, done well.',
      '{Keywords} Our principles, briefly.',
      '{Keywords} What good looks like to us.',
    ],
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
      'Honestly, we could talk about this all day.',
      'Let us know your thoughts in the comments.',
      "You're always welcome to say hello.",
      'We love hearing from you, so keep the messages coming.',
    ],
    keywordLines: [
      "{Keywords} That's what we're about, in case you were wondering.",
      '{Keywords} Sound like you? We think so.',
      "{Keywords} That's us, more or less.",
      "{Keywords} Sounds about right, doesn't it?",
      '{Keywords} In a word? Well, a few words.',
    ],
  },
};
