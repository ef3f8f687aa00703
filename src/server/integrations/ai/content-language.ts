/**
 * The languages whose names we write into a prompt ourselves. The setting is free text through the
 * API (Settings › Content language stores 'spanish', but PUT /api/user/settings takes any name), so
 * only a name from this table may appear among our instructions; anything else stays customer text
 * inside the brief. Keys are the stored setting, normalised.
 */
const knownLanguages = new Map<string, string>(
  Object.entries({
    arabic: 'Arabic',
    bulgarian: 'Bulgarian',
    catalan: 'Catalan',
    chinese: 'Chinese',
    croatian: 'Croatian',
    czech: 'Czech',
    danish: 'Danish',
    dutch: 'Dutch',
    english: 'English',
    finnish: 'Finnish',
    french: 'French',
    german: 'German',
    greek: 'Greek',
    hebrew: 'Hebrew',
    hindi: 'Hindi',
    hungarian: 'Hungarian',
    indonesian: 'Indonesian',
    italian: 'Italian',
    japanese: 'Japanese',
    korean: 'Korean',
    norwegian: 'Norwegian',
    polish: 'Polish',
    portuguese: 'Portuguese',
    romanian: 'Romanian',
    russian: 'Russian',
    slovak: 'Slovak',
    spanish: 'Spanish',
    swedish: 'Swedish',
    thai: 'Thai',
    turkish: 'Turkish',
    ukrainian: 'Ukrainian',
    vietnamese: 'Vietnamese',
  }),
);

function normalise(setting: string): string {
  return setting.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** 'Spanish' for 'spanish' or ' SPANISH '; undefined for a name we do not know. */
export function knownLanguageName(setting: string): string | undefined {
  return knownLanguages.get(normalise(setting));
}

/** Whether posts in this language are posts in English: 'english', 'en-GB', 'British English'. */
export function isEnglish(setting: string): boolean {
  return /^(en([-_][a-z]{2})?|english( \([a-z .]+\))?|(american|australian|british|canadian|us|uk) english)$/.test(
    normalise(setting),
  );
}

/** How a message names the language to the user: our name for it, or the setting as they typed it. */
export function languageLabel(setting: string): string {
  const known = knownLanguageName(setting);
  if (known) return known;
  const typed = setting.trim().replace(/\s+/g, ' ');
  return typed.charAt(0).toUpperCase() + typed.slice(1);
}
