// The idempotency module's public entry (decision 050): the plugin and the cleanup job use it.

export type {
  IdempotencyScope,
  IdempotentRequest,
  StoredAnswer,
} from './idempotency.service';
export {
  beginIdempotentRequest,
  deleteExpiredIdempotency,
  finishIdempotentRequest,
} from './idempotency.service';
