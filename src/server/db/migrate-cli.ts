// `npm run db:migrate`: apply the committed migrations and exit (start also applies them).
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 1,
});
await database.close();
console.log(
  `Migrations applied to the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database.`,
);
