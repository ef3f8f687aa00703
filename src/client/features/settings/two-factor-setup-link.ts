import { paths } from '../../app/paths';

/**
 * Settings with the two-factor setup open: where the prompt of a workspace that requires
 * two-factor sends a member who has not set it up.
 */
export const twoFactorSetupPath = `${paths.settings}?setup=two-factor`;

/** Whether the settings page was opened by that link (its query string, with or without '?'). */
export function opensTwoFactorSetup(search: string): boolean {
  return new URLSearchParams(search).get('setup') === 'two-factor';
}
