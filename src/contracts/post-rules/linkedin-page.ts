import type { PlatformPostRules } from '../post-types';
import { linkedinPostRules } from './linkedin';

/**
 * A LinkedIn Page posts through the same Posts API as a member, with `author:
 * urn:li:organization:{id}` ("author — Person or Organization URN", learn.microsoft.com/en-us/
 * linkedin/marketing/community-management/shares/posts-api; w_organization_social instead of
 * w_member_social). The Images, Videos, MultiImage and Documents APIs take the organization as the
 * `owner` and the Comments API as the `actor` with the same limits, and the commentary is the same
 * little text counted as sent (3,000; platformRules.linkedin_page equals linkedin's): so the same
 * post types and limits as a member's (post-rules/linkedin.ts, where each value is cited), the
 * PDF document post (`carousel`) and the first comment included (decision 085).
 */
export const linkedinPagePostRules: PlatformPostRules = linkedinPostRules;
