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
    'available ready everything anything something nothing everyone anyone someone',
);
/** Leading words that add nothing to a topic ('our new candles' → 'candles'). */
export const leadingFiller = words(
  'new brand-new all-new latest amazing awesome great exciting incredible fantastic brilliant super exclusive ' +
    'huge massive epic',
);
/** Trailing words that belong to a sentence, not the phrase ('bread baked fresh'). */
export const trailingFiller = words(
  'fresh daily online fast free delivered baked made designed built crafted inspired based powered served packed',
);
/** One-word phrases too vague to be a topic. */
export const genericNouns = words(
  'people customers clients things stuff way ways time times lot lots bit business businesses product ' +
    'products service services company team day days week weeks year years shop store',
);
const monthNames = 'january february march april may june july august september october november december';
const dayNames = 'monday tuesday wednesday thursday friday saturday sunday';
export const timeWords = words(
  `${monthNames} ${dayNames} weekend weekends week month season spring summer autumn fall winter morning evening`,
);
export const properTimeWords = words(`${monthNames} ${dayNames}`);
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
export const whenPattern = new RegExp(
  String.raw`\b(?:(?:this|next|every) (?:weekend|week|month|morning|evening|season|spring|summer|autumn|fall|winter|${dayNames.replaceAll(' ', '|')})` +
    String.raw`|(?:until|till|through|before|from|on|in|during|throughout) (?:${monthNames.replaceAll(' ', '|')}|${dayNames.replaceAll(' ', '|')})(?: \d{1,2}(?:st|nd|rd|th)?)?` +
    String.raw`|today|tonight|tomorrow|all (?:weekend|week|month) long|all (?:weekend|week|month))\b`,
  'i',
);

/** Heads that name an occasion rather than a thing: a post can show candles, not a sale. */
export const occasionHeads = words(
  'sale sales special specials offer offers deal deals discount discounts promotion promotions promo event events giveaway contest competition campaign',
);
