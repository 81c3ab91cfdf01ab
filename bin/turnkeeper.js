#!/usr/bin/env node
// The command-line tool: the built JavaScript in dist/, or in a development checkout whose build is
// missing or older than its sources, the TypeScript sources through tsx (built.js says which).
import { builtMain, choose } from './built.js';

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
