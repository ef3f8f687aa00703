/**
 * The Graph API version every Instagram call names when INSTAGRAM_GRAPH_VERSION is not set. A call
 * without a version is served by the app's oldest available version (Meta, "Graph API: versions"),
 * so Kitepost always names one; Postiz pins v25.0 for Meta's Graph (facebook.provider.ts, HEAD
 * 2026-08). Meta keeps each version about two years. No imports: config.ts reads it too.
 */
export const INSTAGRAM_DEFAULT_GRAPH_VERSION = 'v25.0';
