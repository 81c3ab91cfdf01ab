/**
 * Which campaign portrait a fight's combatant shows. A PC shows its campaign PC's, through the fight's
 * link (`fights[id].pcs`: PC id -> combatant id). The fight does not record which template an NPC came
 * from, so an NPC shows the portrait of the template whose name it carries as pulled in: the template's
 * name exactly, or numbered after it ("Raider 2", as the core numbers copies); any case. An NPC the GM
 * renamed shows none. Removed PCs and templates show none (their portraits stay stored, so an undone
 * removal brings them back). Pure.
 */
import { fightById, pcById, templateById } from '../../campaign/index.ts';
import type { CampaignState } from '../../campaign/index.ts';
import type { CombatantKind } from '../../core/index.ts';

const folded = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/** The owner (campaign PC id or template id) whose portrait each combatant shows: engine id -> owner. */
export function portraitOwners(state: CampaignState, fightId: string, combatants: readonly { readonly id: string; readonly name: string; readonly kind: CombatantKind }[]): Map<string, string> {
  const out = new Map<string, string>();
  const fight = fightById(state, fightId);
  const pcOf = new Map<string, string>();
  for (const [pc, combatant] of Object.entries(fight?.pcs ?? {})) if (pcById(state, pc)) pcOf.set(combatant, pc);
  const templates = new Map<string, string>();
  for (const id of state.templateOrder) {
    const t = templateById(state, id);
    if (t) templates.set(folded(t.name), id);
  }
  for (const c of combatants) {
    if (c.kind === 'pc') {
      const pc = pcOf.get(c.id);
      if (pc) out.set(c.id, pc);
      continue;
    }
    const name = folded(c.name);
    const template = templates.get(name) ?? templates.get(name.replace(/\s+\d+$/, ''));
    if (template) out.set(c.id, template);
  }
  return out;
}

/** The owner a campaign route names: a PC or template by id or name. */
export type PortraitKind = 'pc' | 'template';
