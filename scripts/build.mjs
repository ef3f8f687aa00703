// `npm run build`: the front end (Vite, then a .br and .gz beside each asset), the server and its
// migration command (esbuild), the embedded database's template (dist/pglite-template, decision
// 053), then dist/build.json, which `npm start` and `npm run db:migrate`
// check before running dist/ (scripts/lib/build-stamp.mjs, decision 048).
import { execSync } from 'node:child_process';
import { clearStamp, hashInputs, writeStamp } from './lib/build-stamp.mjs';

const inputs = hashInputs();
clearStamp();
execSync('npm run --silent build:client', { stdio: 'inherit' });
execSync('npm run --silent build:server', { stdio: 'inherit' });
execSync('node dist/server/pglite-template.js', { stdio: 'inherit' });
writeStamp(inputs);
