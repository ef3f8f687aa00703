/*
 * How the pretend YouTube says things (YouTube Data API v3).
 */

export const YT_LABEL = 'YouTube';
export const YT_LOGO = '▶';
export const YT_BASE_PATH = '/sandbox/youtube';

/**
 * The YouTube scopes with Google's own texts (developers.google.com/youtube/v3/guides/auth/server-side-web-apps
 * "Scopes"; developers.google.com/identity/protocols/oauth2/scopes#youtube).
 */
export const YT_SCOPES: Record<string, string> = {
  'https://www.googleapis.com/auth/youtube': 'Manage your YouTube account',
  'https://www.googleapis.com/auth/youtube.force-ssl':
    'See, edit, and permanently delete your YouTube videos, ratings, comments and captions',
  'https://www.googleapis.com/auth/youtube.readonly': 'View your YouTube account',
  'https://www.googleapis.com/auth/youtube.upload': 'Manage your YouTube videos',
  'https://www.googleapis.com/auth/youtubepartner':
    'View and manage your assets and associated content on YouTube',
};
