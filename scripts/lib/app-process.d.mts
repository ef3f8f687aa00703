import type { ChildProcess } from 'node:child_process';

export interface ServerProcess extends ChildProcess {
  /** Everything the process printed (stdout and stderr). */
  output: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export type Role = 'web' | 'worker' | 'all';
export declare function buildServer(): void;
export declare function productionEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  [name: string]: string | number | undefined;
}): NodeJS.ProcessEnv & { APP_URL: string };
export declare function startServer(
  role: Role,
  env: NodeJS.ProcessEnv & { APP_URL?: string },
  options?: { nodeArgs?: string[]; wait?: boolean; echo?: boolean; timeoutMs?: number },
): Promise<ServerProcess>;
export declare function isRunning(child: ChildProcess): boolean;
export declare function waitUntilUp(
  child: ServerProcess,
  role: Role,
  appUrl: string | undefined,
  timeoutMs?: number,
): Promise<void>;
export declare function stopServer(
  child: ServerProcess,
  graceMs?: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
export declare function inParallel<T>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void>;
export declare function cookieOf(response: Response): string;
export declare function apiOf(
  baseUrl: string,
  cookie: string,
): <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
export declare function signUp(
  baseUrl: string,
  email: string,
  options?: { forwardedFor?: string },
): Promise<string>;
export declare function connectX(baseUrl: string, cookie: string, username: string): Promise<string>;
