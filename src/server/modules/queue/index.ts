// The queue module's public entry (decision 050): posting schedules and queues (issue 25).
// Another module imports from here, never from a file inside (npm run lint:deps checks it).

export { queuePost } from './queue.service';
// Issue 30: a planned month puts its posts on the accounts' queue slots (ai-studio plan-placement).
export { slotTimesAfter, type WeeklySlot } from './queue-slots';
export { addToQueue, queueMessages, requireQueueWithinPlan } from './queue-take';
export { findQueueSchedule } from './queue-take.repository';
