import { describe, expect, it } from 'vitest';
import { webhookEventTypes } from '../../../contracts/integrations';
import {
  answerLabel,
  deliveryState,
  disabledNote,
  eventsSummary,
  formatDuration,
  hasPendingDelivery,
  readableBody,
} from './webhook-display';

describe('deliveryState', () => {
  it('tells a first attempt on its way from a retry', () => {
    expect(deliveryState({ status: 'succeeded', attempts: 3 })).toBe('delivered');
    expect(deliveryState({ status: 'failed', attempts: 7 })).toBe('failed');
    expect(deliveryState({ status: 'pending', attempts: 0 })).toBe('sending');
    expect(deliveryState({ status: 'pending', attempts: 2 })).toBe('retrying');
  });

  it('knows when the log still changes by itself', () => {
    expect(hasPendingDelivery([{ status: 'succeeded' }, { status: 'failed' }])).toBe(false);
    expect(hasPendingDelivery([{ status: 'succeeded' }, { status: 'pending' }])).toBe(true);
  });
});

describe('answerLabel and formatDuration', () => {
  it('shows the status code, no answer after an attempt, or a dash before one', () => {
    expect(answerLabel({ responseStatus: 200, attempts: 1 })).toBe('200');
    expect(answerLabel({ responseStatus: null, attempts: 1 })).toBe('No answer');
    expect(answerLabel({ responseStatus: null, attempts: 0 })).toBe('—');
  });

  it('shows milliseconds, then seconds', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(87)).toBe('87 ms');
    expect(formatDuration(1530)).toBe('1.5 s');
    expect(formatDuration(10_200)).toBe('10 s');
  });
});

describe('eventsSummary', () => {
  it('says All events when every event is chosen', () => {
    expect(eventsSummary([...webhookEventTypes].reverse())).toBe('All events');
    expect(eventsSummary(['post.published', 'post.failed'])).toBe('post.published, post.failed');
  });
});

describe('readableBody and disabledNote', () => {
  it('indents JSON and keeps anything else as it is', () => {
    expect(readableBody('{"id":"e1","data":{}}')).toBe('{\n  "id": "e1",\n  "data": {}\n}');
    expect(readableBody('not json')).toBe('not json');
  });

  it('gives the reason of a disabled endpoint', () => {
    expect(disabledNote({ enabled: true, disabledReason: null })).toBeNull();
    expect(disabledNote({ enabled: false, disabledReason: 'Failed 5 times in a row' })).toBe(
      'Failed 5 times in a row',
    );
    expect(disabledNote({ enabled: false, disabledReason: null })).toMatch(/Turned off/);
  });
});
