import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { SchemaForm } from '../../shared/schema-form.tsx';
import { BestiaryHits, useBestiaryHits, useCampaignFight } from './bestiary-hits.tsx';
import { movePick, pickedHit, templateCommand } from './bestiary.ts';
import type { CampaignTemplate } from '../../api/campaign-api.ts';
import { AddLoading } from './add-loading.tsx';
import { useGm } from '../context.ts';
import { useStatsProblem } from '../dialogs/use-stats-problem.ts';
import type { GameKit } from '../../games/index.ts';
import { parseCount } from './parties.ts';
import { PartiesMenu } from './parties-menu.tsx';
import { lateRolls, typedInitiative } from '../order/late-joiner.ts';
import '../order/late-joiner.css';
import { statFields, statsDraft, statsValue } from '../dialogs/stats-form.ts';
import type { StatsDraft } from '../dialogs/stats-form.ts';

/**
 * Quick add: a name ("4 x Thug" adds four), a side, PC or NPC, hidden or not, and the module's stats
 * with its defaults, each explained. After each add the form starts afresh (the module's defaults, not
 * hidden), so the next combatant does not inherit the last one's stats; the side and PC/NPC stay.
 * In a campaign fight, the name typed also searches the campaign's bestiary: a hit adds the template,
 * and Enter adds the hit highlighted (the first, or the one ↓ / ↑ moved to), as the screen shows it.
 * During a fight, where the game rolls initiative for a newcomer, the GM chooses to let it roll or to
 * type in the dice rolled at the table (late-joiner.ts).
 */
export function QuickAdd() {
  const { kit } = useGm();
  // The whole rules come right after the screen first shows (the stat forms need their schemas).
  return kit ? <QuickAddForm kit={kit} /> : <AddLoading />;
}

function QuickAddForm({ kit }: { kit: GameKit }) {
  const gm = useGm();
  const { view } = gm;
  const fields = statFields(kit.module);
  const hasHp = fields.some((f) => f.name === 'hp');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'pc' | 'npc'>('npc');
  const [side, setSide] = useState('');
  const [hidden, setHidden] = useState(false);
  const [hp, setHp] = useState('');
  const [stats, setStats] = useState<StatsDraft>(() => statsDraft(fields));
  const [error, setError] = useState<string | null>(null);
  const statsError = useStatsProblem(fields);
  const [busy, setBusy] = useState(false);
  const [initHow, setInitHow] = useState<'roll' | 'typed'>('roll');
  const [typedInit, setTypedInit] = useState<Record<string, string>>({});
  const [initErrors, setInitErrors] = useState<Record<string, string>>({});
  const inCampaign = useCampaignFight() !== null;

  const players = view.sides.find((s) => s.players)?.name ?? 'Party';
  const foes = view.sides.find((s) => !s.players)?.name ?? 'Enemies';
  const sideName = side.trim() || (kind === 'pc' ? players : foes);
  const parsed = parseCount(name);
  const hits = useBestiaryHits(inCampaign && kind === 'npc' ? parsed.name : '');
  // The highlight, for the name it was moved on: a new name starts again at the first hit.
  const [pick, setPick] = useState<{ for: string; at: number }>({ for: '', at: 0 });
  const picked = pick.for === parsed.name ? Math.min(pick.at, hits.length) : 0;
  const hit = pickedHit(hits, picked);

  // Who of the newcomers rolls initiative on joining, from a dry run of the add (nobody before the fight).
  const late = useMemo(() => {
    if (view.status !== 'running' || !parsed.name) return [];
    let values: Record<string, unknown>;
    try {
      values = statsValue(fields, stats);
    } catch {
      return [];
    }
    const dry = gm.store.dryRun({ type: 'add-combatant', name: parsed.name, side: sideName, kind, hidden, count: parsed.count, stats: values });
    return dry?.ok ? lateRolls(kit.module.id, dry.events) : [];
    // The encounter's version stands for the store's state.
  }, [gm.encounter.version, view.status, parsed.name, parsed.count, sideName, kind, hidden, stats]);

  // Said in the GM's words, once: next to the stat when there is one, else under the form.
  const problem = (err: unknown) => setError(statsError.show(err));

  const reset = () => {
    setName('');
    setHidden(false);
    setHp('');
    setStats(statsDraft(fields));
    setInitHow('roll');
    setTypedInit({});
    setInitErrors({});
  };

  // A bestiary hit: the template with its stats, notes and GM notes, as many as typed.
  const addHit = async (t: CampaignTemplate) => {
    setBusy(true);
    setError(null);
    const sent = await gm.send(templateCommand(t, parsed.count, side.trim() || foes) as never, `Add ${parsed.count > 1 ? `${parsed.count} × ` : ''}${t.name}`);
    setBusy(false);
    if (sent.ok) reset();
    else setError(sent.message);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (hit) void addHit(hit);
    else void addTyped();
  };

  const addTyped = async () => {
    statsError.clear();
    setInitErrors({});
    if (!parsed.name) {
      setError('Type a name first (e.g. "Vasquez", or "4 x Thug" for four alike).');
      return;
    }
    let values: Record<string, unknown>;
    try {
      values = statsValue(fields, stats);
    } catch (err) {
      problem(err);
      return;
    }
    const hpN = hp.trim() ? Number(hp) : undefined;
    if (hpN !== undefined && (!Number.isInteger(hpN) || hpN < 0)) {
      setError('HP must be a whole number.');
      return;
    }
    let dice: Record<string, number[]> | undefined;
    if (initHow === 'typed' && late.length > 0) {
      const typed = typedInitiative(late, typedInit);
      if (!typed.ok) {
        setInitErrors(typed.errors);
        return;
      }
      dice = typed.dice;
    }
    const command = {
      type: 'add-combatant',
      name: parsed.name,
      side: sideName,
      kind,
      hidden,
      count: parsed.count,
      stats: values,
      ...(hpN !== undefined ? { hp: hpN } : {}),
      ...(dice ? { dice } : {}),
    };
    // The rules here say no (a stat out of range): said once, under the form, next to the stat.
    const dry = gm.store.dryRun(command);
    if (dry && !dry.ok) {
      // Dice that do not fit (a 9 on a d8): said next to the initiative typed in.
      const key = (dry.rejection as { details?: { key?: unknown; unused?: unknown } }).details?.key;
      if (dice && dry.rejection.code.startsWith('dice/')) setInitErrors({ [typeof key === 'string' && key in dice ? key : (late[0]?.name ?? '')]: dry.rejection.message });
      else problem(new Error(dry.rejection.message));
      return;
    }
    setBusy(true);
    setError(null);
    const sent = await gm.send(command, `Add ${parsed.count > 1 ? `${parsed.count} × ` : ''}${parsed.name}`);
    setBusy(false);
    if (sent.ok) reset();
    else problem(new Error(sent.message));
  };

  return (
    <section className="panel quick-add" aria-labelledby="add-h">
      <div className="panel-head">
        <h2 id="add-h">Add combatants</h2>
        <PartiesMenu />
      </div>
      <form onSubmit={submit} aria-label="Add combatants">
        <div className="add-line">
          <label className="sr-only" htmlFor="add-name">
            Name
          </label>
          <input
            id="add-name"
            type="text"
            placeholder={inCampaign ? 'Name, "4 x Thug", or search the bestiary' : 'Name, or "4 x Thug"'}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (hits.length === 0 || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey) return;
              e.preventDefault();
              setPick({ for: parsed.name, at: movePick(picked, e.key === 'ArrowDown' ? 1 : -1, hits.length) });
            }}
            autoComplete="off"
          />
          <label className="sr-only" htmlFor="add-side">
            Side
          </label>
          <input id="add-side" type="text" list="sides" placeholder={kind === 'pc' ? players : foes} value={side} onChange={(e) => setSide(e.target.value)} aria-label="Side" />
          <datalist id="sides">
            {view.sides.map((s) => (
              <option key={s.id} value={s.name} />
            ))}
          </datalist>
          <span className="seg" role="radiogroup" aria-label="PC or NPC">
            {(['pc', 'npc'] as const).map((k) => (
              <label key={k} className={kind === k ? 'on' : undefined}>
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {k.toUpperCase()}
              </label>
            ))}
          </span>
          <label className="check">
            <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> hidden
          </label>
          {!hasHp && (
            <input type="text" inputMode="numeric" className="sf-num" placeholder="HP" aria-label="HP" value={hp} onChange={(e) => setHp(e.target.value)} />
          )}
          <button type="submit" className="primary" disabled={busy}>
            {hit ? `Add ${parsed.count > 1 ? `${parsed.count} × ` : ''}${hit.name}` : parsed.count > 1 ? `Add ${parsed.count}` : 'Add'}
          </button>
        </div>
        {late.length > 0 && !hit && (
          <div className="add-line late-init" role="group" aria-label="Initiative of the newcomers">
            <span className="muted">Initiative</span>
            <span className="seg" role="radiogroup" aria-label="Initiative">
              <label className={initHow === 'roll' ? 'on' : undefined}>
                <input type="radio" name="init-how" value="roll" checked={initHow === 'roll'} onChange={() => setInitHow('roll')} />
                Roll it
              </label>
              <label className={initHow === 'typed' ? 'on' : undefined}>
                <input type="radio" name="init-how" value="typed" checked={initHow === 'typed'} onChange={() => setInitHow('typed')} />
                Rolled at the table
              </label>
            </span>
            {initHow === 'typed' &&
              late.map((r) => (
                <span key={r.name} className="late-roll">
                  <label>
                    {r.name} ({r.notation}){' '}
                    <input
                      type="text"
                      inputMode="numeric"
                      className="sf-num"
                      value={typedInit[r.name] ?? ''}
                      onChange={(e) => {
                        setTypedInit({ ...typedInit, [r.name]: e.target.value });
                        if (initErrors[r.name]) setInitErrors({ ...initErrors, [r.name]: '' });
                      }}
                      aria-invalid={initErrors[r.name] ? true : undefined}
                      aria-describedby={`late-help-${r.name.replace(/\W+/g, '-')}`}
                    />
                  </label>
                  <span id={`late-help-${r.name.replace(/\W+/g, '-')}`} className={initErrors[r.name] ? 'error' : 'muted small'}>
                    {initErrors[r.name] || r.help}
                  </span>
                </span>
              ))}
          </div>
        )}
        {inCampaign && kind === 'npc' && <BestiaryHits hits={hits} picked={picked} typed={parsed.name} count={parsed.count} onAdd={(t) => void (t ? addHit(t) : addTyped())} />}
        <details className="stats" open>
          <summary>{kit.module.title} stats (defaults filled in)</summary>
          <SchemaForm fields={fields} draft={stats} onChange={setStats} docs={kit.module.statDocs} moreTitle="More" compact errors={statsError.errors} errorPaths={statsError.paths} />
        </details>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
