export * from './activity';
export * from './rate-limits';
export * from './users';
export * from './workspaces';
