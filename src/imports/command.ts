import type { ImportReview } from './review.ts';

/** The campaign's `import` command for a reviewed import: every PC and template, stored at once or not at all. */
export function importCommand(review: ImportReview): { type: 'import'; pcs: Record<string, unknown>[]; templates: Record<string, unknown>[] } {
  return {
    type: 'import',
    pcs: review.items.filter((i) => i.kind === 'pc').map((i) => ({ ...i.fields })),
    templates: review.items.filter((i) => i.kind === 'template').map((i) => ({ ...i.fields })),
  };
}
