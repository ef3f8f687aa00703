export * from './activity';
export * from './content';
export * from './newsletter';
export * from './rate-limits';
export * from './social';
export * from './users';
export * from './workspaces';
