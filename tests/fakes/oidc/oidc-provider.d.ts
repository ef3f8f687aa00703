// oidc-provider ships no types (and @types/oidc-provider lags the major): the peer uses a few calls.
declare module 'oidc-provider';
