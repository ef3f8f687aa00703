/*
 * What every pretend platform's routes are declared with.
 */

/** A request's parameters, from its query or its form body. */
export type Fields = Record<string, string | undefined>;
/** A pretend platform's API: an app calls it with the platform's token, not a Kitepost session. */
export const PUBLIC = { access: 'public' } as const;
/** The pretend platforms stay out of the app's OpenAPI document. */
export const HIDDEN = { hide: true } as const;
