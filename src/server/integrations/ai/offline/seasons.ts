/**
 * Seasonal styling for image prompts, when the description names a season or a holiday: what to
 * dress the picture with. Checked in order, so that 'Christmas in July' is styled for Christmas.
 */
const seasons: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\b(?:christmas|xmas|holiday|holidays|festive|advent|december)\b/i,
    'holiday decor: pine sprigs, warm fairy lights and ribbon',
  ],
  [/\b(?:hanukkah|chanukah)\b/i, 'a menorah glow, blue and silver ribbon and warm candlelight'],
  [/\b(?:new year(?:['’]s)?|nye)\b/i, 'gold confetti, sparklers and a midnight glow'],
  [/\bvalentine/i, 'red roses, soft candlelight and a handwritten card'],
  [/\b(?:mother['’]?s day|father['’]?s day)\b/i, 'fresh flowers, a handwritten card and a breakfast tray'],
  [/\beaster\b/i, 'spring blossom, pastel eggs and soft morning light'],
  [/\bhalloween\b/i, 'pumpkins, autumn leaves and a warm lantern glow'],
  [/\bthanksgiving\b/i, 'autumn leaves, warm throws and a harvest table'],
  [/\b(?:black friday|cyber monday)\b/i, 'crisp shopping bags, gift tags and bold contrast'],
  [/\bback[- ]to[- ]school\b/i, 'notebooks, sharpened pencils and a backpack'],
  [/\b(?:summer|june|july|august)\b/i, 'bright summer sun, linen and slices of citrus'],
  [/\b(?:spring|april)\b/i, 'spring flowers and soft pastel light'],
  [
    /\b(?:autumn|fall (?:sale|season|menu|collection)|september|october|november)\b/i,
    'autumn leaves, warm throws and amber light',
  ],
  [/\b(?:winter|january|february|snow)\b/i, 'a frosty window, a knitted throw and a warm drink'],
];

/** The decor that fits the description's season or holiday ('holiday sale' → pine sprigs…); null when it names none. */
export function seasonOf(description: string): string | null {
  return seasons.find(([pattern]) => pattern.test(description))?.[1] ?? null;
}
