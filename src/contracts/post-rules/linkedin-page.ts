import type { PlatformPostRules } from '../post-types';
import { linkedinPostRules } from './linkedin';

/**
 * A LinkedIn Page posts through the same Posts API as a member (`author` an organization URN):
 * the same post types and limits (platforms.md, LinkedIn).
 */
export const linkedinPagePostRules: PlatformPostRules = linkedinPostRules;
