/** The word lists that phrases.ts reads a campaign description with. */

export const words = (list: string) => new Set(list.split(' '));

/** Words that end a noun phrase: function words, pronouns, common verbs and adverbs. */
export const breakWords = words(
  'a an the this that these those our your my their his her its we us you i me they them it he she ' +
    "we're we've we'll you're you'll it's there's here's let's let is are was were be been being am " +
    'do does did done have has had will would can could should may might must shall ' +
    'and or but nor so yet also plus as than then too very really just only even still ' +
    'to of on in at by for with from into onto about over under after before during until till ' +
    'through across around between without within against toward towards via per like featuring including ' +
    'all every each some any more most less much many few other another such both either neither ' +
    'who whom whose which what when where why how if because while though although ' +
    'not no now today tonight tomorrow soon here there again ever always never ' +
    'launch launching launched launches introduce introducing introduces announce announcing announces ' +
    'present presenting celebrate celebrating celebrates promote promoting promotion campaign ' +
    'offer offering offers get getting gets got make making makes made help helping helps ' +
    'want wants need needs try trying join joining come coming check see find discover explore ' +
    'love loves enjoy enjoying bring bringing give giving start starting starts run running runs ' +
    'host hosting opening opens sell selling sells buy share sharing show showing keep raise learn ' +
    'meet win visit order sign register apply call contact follow tag ' +
    'save saving use using build building create creating grow growing book booking ' +
    'available ready everything anything something nothing everyone anyone someone behind ' +
    // Campaign goals ('… and fill tables', '… to drive sales') are not what a post is about.
    'fill boost drive increase attract reach gain generate earn reward thank welcome encourage invite ' +
    'remind spread grab capture convert double triple',
);
/** Leading words that add nothing to a topic ('our new candles' → 'candles'). */
export const leadingFiller = words(
  'new brand-new all-new latest amazing awesome great exciting incredible fantastic brilliant super exclusive ' +
    'huge massive epic grand',
);
/** Trailing words that belong to a sentence, not the phrase ('bread baked fresh'). */
export const trailingFiller = words(
  'fresh daily online fast free delivered baked made designed built crafted inspired based powered served packed',
);
/** One-word phrases too vague to be a topic. */
export const genericNouns = words(
  'people customers clients things stuff way ways time times lot lots bit business businesses product ' +
    'products service services company team day days week weeks year years shop store scenes ' +
    'tables seats traffic sales awareness followers engagement visitors footfall signups leads bookings',
);
const monthNames = 'january february march april may june july august september october november december';
const dayNames = 'monday tuesday wednesday thursday friday saturday sunday';
export const timeWords = words(
  `${monthNames} ${dayNames} weekend weekends week month season spring summer autumn fall winter morning evening`,
);
/** Holidays spelled with a capital, like months and days. */
const holidayNames = 'christmas xmas easter halloween thanksgiving hanukkah diwali ramadan eid';
export const properTimeWords = words(`${monthNames} ${dayNames} ${holidayNames}`);
/** Occasions of more than one word, as they are spelled: 'black friday' → 'Black Friday'. */
const occasionNames = [
  'Black Friday',
  'Cyber Monday',
  'Small Business Saturday',
  'Boxing Day',
  "New Year's Eve",
  "New Year's Day",
  'New Year',
  "Mother's Day",
  "Father's Day",
  "Valentine's Day",
  "St Patrick's Day",
  'Lunar New Year',
].map((name) => {
  const pattern = name.replace(/'/g, "['’]?").replace(/ /g, '\\s+');
  return [new RegExp(`(?<![\\p{L}])${pattern}(?![\\p{L}])`, 'giu'), name] as const;
});

/** Spells the occasions a phrase names as they are written ('black friday deal' → 'Black Friday deal'). */
export function spellOccasions(phrase: string): string {
  return occasionNames.reduce((text, [pattern, name]) => text.replace(pattern, name), phrase);
}
/** Heads of phrases that name people: such a phrase says who a campaign is for, not what it is. */
export const audienceHeads = words(
  'parents families moms mums dads kids children students professionals owners founders entrepreneurs ' +
    'startups businesses shops stores retailers sellers buyers renters homeowners tenants landlords ' +
    'investors teams managers leaders people customers clients members beginners athletes runners ' +
    'seniors women men locals neighbours neighbors foodies travellers travelers freelancers creators ' +
    'developers designers marketers patients couples friends',
);
export const featurePrepositions = words('with on of featuring including plus and');
/** Determiners between a preposition and its phrase ('on all handmade candles'): skipped, not kept. */
export const determiners = words('a an the all every each our your my their this these those its some any');

export const offerPatterns = [
  /\b(?:up to )?\d{1,3} ?% off\b/i,
  /[$€£]\s?\d+(?:[.,]\d{1,2})? off\b/i,
  /\bhalf[- ]price\b/i,
  /\bbuy one,? get one(?: free| half off)?\b/i,
  /\bfree (?:shipping|delivery|returns|trial|consultation|consult|class|session|valuation|assessment|gift wrapping|dessert|coffee)\b/i,
];
const days = dayNames.replaceAll(' ', '|');
const months = monthNames.replaceAll(' ', '|');
const clock = String.raw`\d{1,2}(?:[:.]\d{2})?`;
/** '6pm', '2–4pm', '2pm to 4pm', 'noon': a time needs its am/pm (a bare '12' may be a house number). */
const time = `(?:${clock} ?(?:am|pm)? ?(?:[–—-]|to|till|until) ?${clock} ?(?:am|pm)|${clock} ?(?:am|pm)|noon|midday)`;
const atTime = `(?:,? (?:from |at |between )?${time})`;
const date = String.raw`(?: \d{1,2}(?:st|nd|rd|th)?)`;
/** When something happens, as a description says it: 'this weekend', 'until December 24', 'Saturday 2–4pm'. */
export const whenPattern = new RegExp(
  String.raw`\b(?:(?:this|next|every) (?:weekend|week|month|morning|evening|season|spring|summer|autumn|fall|winter|${days})${atTime}?` +
    `|(?:until|till|through|before|from|on|in|during|throughout) (?:${months}|(?:${days})(?:,? (?:${months})${date})?)${date}?${atTime}?` +
    // A bare day counts with a date or a time ('Saturday 2–4pm'), not in 'Black Friday' or 'Saturday brunch'.
    `|(?<!(?:black|cyber|business) )(?:${days})(?:,? (?:${months})${date}|${atTime})` +
    String.raw`|(?:today|tonight|tomorrow)${atTime}?|all (?:weekend|week|month) long|all (?:weekend|week|month))(?![\p{L}\p{N}])`,
  'iu',
);

/** Heads that name an occasion rather than a thing: a post can show candles, not a sale. */
export const occasionHeads = words(
  'sale sales special specials offer offers deal deals discount discounts promotion promotions promo event events giveaway contest competition campaign clearance',
);
/** Occasions that are about a price: what they are on is the thing to show ('sale on candles'). */
export const priceOccasions = words(
  'sale sales offer offers deal deals discount discounts promotion promotions promo clearance',
);
/** Words that say which occasion it is, not what it is about ('holiday' in 'holiday sale'). */
export const occasionWords = words(
  `${monthNames} ${dayNames} ${holidayNames} weekend weekends week month season seasonal spring summer autumn fall ` +
    "winter holiday holidays festive black cyber friday monday new year year's day eve mother's father's " +
    "valentine's boxing lunar small business st patrick's anniversary birthday annual launch opening grand " +
    'flash clearance back-to-school end-of-season end-of-year year-end early-bird members-only vip midweek ' +
    'weekday limited-time one-day two-day 24-hour big mega summer-long',
);

/** A word as a post should spell it: sentence-initial capitals dropped, names and acronyms kept. */
export function caseWord(word: string, sentenceStart: boolean, titleCase: boolean): string {
  const lower = word.toLowerCase();
  if (properTimeWords.has(lower)) return lower.charAt(0).toUpperCase() + lower.slice(1);
  const isCapitalised = /^\p{Lu}\p{Ll}/u.test(word) && word.slice(1) === word.slice(1).toLowerCase();
  if (isCapitalised && (sentenceStart || titleCase)) return lower;
  // Short capitals are acronyms (API, SEO, HIIT); longer ones are shouting.
  if (word.length > 4 && word === word.toUpperCase() && /\p{Lu}/u.test(word)) return lower;
  return word;
}
