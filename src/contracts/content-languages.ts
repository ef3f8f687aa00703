/**
 * The content languages Kitepost offers (Settings › Content defaults, the composer's Translate),
 * stored lowercase as the spec's 'english'.
 */
export const contentLanguages = [
  { value: 'english', label: 'English' },
  { value: 'spanish', label: 'Spanish' },
  { value: 'french', label: 'French' },
  { value: 'german', label: 'German' },
  { value: 'portuguese', label: 'Portuguese' },
  { value: 'italian', label: 'Italian' },
  { value: 'dutch', label: 'Dutch' },
] as const;

export type ContentLanguage = (typeof contentLanguages)[number]['value'];

export const contentLanguageValues = contentLanguages.map((language) => language.value) as [
  ContentLanguage,
  ...ContentLanguage[],
];
