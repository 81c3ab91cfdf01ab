#!/usr/bin/env node
// The command-line tool: the built JavaScript in dist/, or in a development checkout whose build is
// missing or older than its sources, the TypeScript sources through tsx (built.js says which).
import { builtMain, choose } from './built.js';

// Tested on Node 24 LTS and 22 (package.json's engines). An older Node cannot load the SQLite binding:
// one line says what to install, and nothing runs; a newer one is only told it is untested.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 22 && major !== 24) {
  console.error(`Turnkeeper is tested on Node.js 24 LTS and 22, not ${process.version}: install Node 24 (in a checkout, scripts/node-lts.sh 24 gives it).`);
  if (major < 22) process.exit(1);
}

let main;
switch (choose()) {
  case 'built':
    ({ main } = await import(builtMain.href));
    break;
  case 'sources': {
    const { register } = await import('tsx/esm/api');
    register();
    ({ main } = await import('../src/cli/main.ts'));
    break;
  }
  default:
    console.error('Turnkeeper is not built: run `npm run build:lib` in its folder.');
    process.exit(1);
}
process.exitCode = await main(process.argv.slice(2));
