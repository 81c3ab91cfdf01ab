/** `npm run bench:web`: only the web app's figures. */
import { benchWeb } from './web.ts';

await benchWeb((line) => console.log(line));
