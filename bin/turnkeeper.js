#!/usr/bin/env node
// Runs the command-line tool straight from the TypeScript sources (tsx), so `npx turnkeeper`
// works from a fresh checkout after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
