/**
 * Settings › API and Settings › Webhooks (issue 26). Kept out of app/paths.ts on purpose: that
 * table is part of the landing's first load, which sits at its 100 KB budget (architecture §8),
 * and only signed-in code links to these pages. The signed-out router guards them through the
 * settings route (it nests).
 */
export const apiAccessPaths = {
  keys: '/settings/api',
  webhooks: '/settings/webhooks',
} as const;
