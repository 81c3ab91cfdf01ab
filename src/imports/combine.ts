import { refuse } from './review.ts';
import type { ImportResult } from './review.ts';

/**
 * Several imports reviewed as one (a file and pasted lines): the first refusal, its place prefixed with
 * its source ("Pasted text, line 3"), or every item together; a name given twice across them is refused
 * as the campaign would refuse it.
 */
export function combineResults(parts: readonly { readonly source: string; readonly result: ImportResult }[]): ImportResult {
  const items = [];
  const formats: string[] = [];
  const seen = new Map<string, string>();
  for (const { source, result } of parts) {
    if (!result.ok) return refuse(result.path ? `${source}, ${result.path}` : source, result.message);
    for (const item of result.items) {
      const key = `${item.kind}:${item.name.toLowerCase()}`;
      const first = seen.get(key);
      if (first !== undefined) return refuse(source, `“${item.name}” is in ${first} too: a campaign has one ${item.kind === 'pc' ? 'PC' : 'template'} of each name. Rename one before importing.`);
      seen.set(key, source);
      items.push(item);
    }
    formats.push(result.format);
  }
  if (items.length === 0) return refuse('', 'There is nothing to import: choose a file, or paste statblock lines.');
  return { ok: true, format: formats.join(' + '), items };
}
