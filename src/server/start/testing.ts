/** Test support from the start folder: the real server as a child process (SIGKILL, restarts). Tests only. */
export { serveProcess } from './serve-process.ts';
export type { ServeOptions, Served } from './serve-process.ts';
