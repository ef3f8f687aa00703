// After `vite build`: a .br and a .gz beside every text asset, served by @fastify/static
// (preCompressed) to browsers that accept them, at no CPU cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|css|svg|txt|json|html)$/;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name) && statSync(path).size > 1024) {
      const data = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}
walk('dist/client');
