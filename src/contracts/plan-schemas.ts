import { z } from 'zod';
import { planIds, subscriptionStatuses } from './plans';

// The plan table's values as schemas, apart from the table itself (plans.ts) so that reading the
// table (the landing's pricing cards) does not load zod.
export const planId = z.enum(planIds);
export const subscriptionStatus = z.enum(subscriptionStatuses);
