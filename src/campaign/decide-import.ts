import { accept, reject } from '../core/index.ts';
import type { Decision } from '../core/index.ts';
import type { CampaignCommandOf } from './commands.ts';
import { addPc } from './decide-pcs.ts';
import { addTemplate } from './decide-templates.ts';
import type { CampaignEvent } from './events.ts';
import { evolveCampaignState } from './evolve.ts';
import type { CampaignState } from './state.ts';

type D = Decision<CampaignEvent>;

/**
 * An import: every PC, then every template, added as `add-pc` and `add-template` would add them, each
 * seeing the ones before it (ids in turn, names unique within the import too). One refusal refuses
 * the whole import, named by its place (`templates[2]`): nothing is half-stored. The events are one
 * command, so one undo takes the whole import back.
 */
export function importAll(state: CampaignState, command: CampaignCommandOf<'import'>): D {
  if (command.pcs.length + command.templates.length === 0) {
    return reject('campaign/import-empty', 'Nothing to import: the import holds no PCs and no templates.');
  }
  const events: CampaignEvent[] = [];
  let s = state;
  const take = (d: D, at: string): D | null => {
    if (!d.ok) return within(d, at);
    for (const e of d.events) {
      s = evolveCampaignState(s, e);
      events.push(e);
    }
    return null;
  };
  for (const [i, pc] of command.pcs.entries()) {
    const refused = take(addPc(s, { type: 'add-pc', ...pc }), `pcs[${i}]`);
    if (refused) return refused;
  }
  for (const [i, t] of command.templates.entries()) {
    const refused = take(addTemplate(s, { type: 'add-template', ...t }), `templates[${i}]`);
    if (refused) return refused;
  }
  return accept(events);
}

/** A refusal of one entry, as a refusal of the import: the entry's place before the path it names. */
function within(d: Extract<D, { ok: false }>, at: string): D {
  const r = d.rejection;
  const path = typeof r.details?.path === 'string' && r.details.path !== '' ? `${at}.${r.details.path}` : at;
  return reject(r.code, `Nothing was imported. ${at}: ${r.message}`, { ...r.details, path });
}
