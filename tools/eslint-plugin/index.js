/** Turnkeeper's own lint rules. */
import { dirname, resolve } from 'node:path';
import { faceProblem } from './faces.js';

const folderFaces = {
  meta: {
    type: 'problem',
    docs: { description: "From outside a folder that has an index.ts, import only its public face." },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, faces: { type: 'object' } }, additionalProperties: false }],
    messages: {
      past: "'{{spec}}' reaches past {{folder}}/index.ts into {{inner}}: import it from the folder's index.ts (export it there if it is public), or name it as a face of {{folder}} in eslint.config.js.",
    },
  },
  create(context) {
    const { root = context.cwd, faces = {} } = context.options[0] ?? {};
    const file = context.filename;
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const problem = faceProblem(root, file, resolve(dirname(file), source.value), faces);
      if (problem) context.report({ node: source, messageId: 'past', data: { spec: source.value, ...problem } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { meta: { name: 'turnkeeper' }, rules: { 'folder-faces': folderFaces } };
