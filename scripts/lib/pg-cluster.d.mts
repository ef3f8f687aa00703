export declare const POSTGRES_BIN: string;
export declare function hasPostgres(): boolean;
export declare function freePort(): Promise<number>;
export interface PostgresCluster {
  port: number;
  dataDir: string;
  url(name: string): string;
  createDatabase(name: string): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
  isReady(): boolean;
  postmasterPid(): string;
  destroy(): Promise<void>;
}
export declare function startPostgresCluster(options?: { extraArgs?: string[] }): Promise<PostgresCluster>;
