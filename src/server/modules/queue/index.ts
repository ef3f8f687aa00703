// The queue module's public entry (decision 050): posting schedules and queues (issue 25).
// Another module imports from here, never from a file inside (npm run lint:deps checks it).

export { freeSlotTimesAfter, slotTimesAfter, type WeeklySlot } from './queue-slots';
export { addToQueue, freeSlotsOf, QUEUE_LEAD_MS, queueMessages, requireQueueWithinPlan } from './queue-take';
export { findQueueSchedule, type QueueScheduleRow } from './queue-take.repository';
