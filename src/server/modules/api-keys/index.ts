// The api-keys module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { countApiKeyRequest, resolveApiKeyAuth } from './api-key-auth';
export { apiKeyMessages } from './api-keys.service';
