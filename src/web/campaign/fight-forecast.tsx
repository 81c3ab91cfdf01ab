import { useMemo } from 'react';
import type { CampaignState, PullInRequest } from '../../campaign/index.ts';
import { FORECAST_RUNS, forecastSeed } from '../gm/data/forecast-job.ts';
import type { ForecastJob } from '../gm/data/forecast-job.ts';
import { fights, partyLine } from '../gm/data/forecast-words.ts';
import { useForecast } from '../gm/data/use-forecast.ts';
import { templatesOf } from './campaign-model.ts';

/**
 * The New fight dialog's forecast: the fight it would create (the party as it is now, the templates
 * chosen) played out in the GM screen's forecast worker, in one line: "3 × Raider: the party wins 92%,
 * Vasquez goes down 31%". Opponents who would join hidden are played as seen (the policy has PCs attack
 * only what they can see), and the line says so.
 */
export function FightForecast({ campaignId, version, state, pcs, counts, hidden }: { campaignId: string; version: number; state: CampaignState; pcs: readonly string[]; counts: Readonly<Record<string, number>>; hidden: boolean }) {
  const chosen = templatesOf(state).filter((t) => (counts[t.id] ?? 0) > 0);
  const request: PullInRequest = { pcs: [...pcs], templates: chosen.map((t) => ({ template: t.id, count: counts[t.id]! })), hidden: false };
  const seed = forecastSeed(campaignId, version);
  const key = `${seed} ${JSON.stringify(request)}`;
  const ready = pcs.length > 0 && chosen.length > 0;
  // The campaign state changes with the version, which is in the key.
  const job = useMemo<ForecastJob | null>(() => (ready ? { kind: 'new-fight', state, request, seed } : null), [key, ready]);
  const view = useForecast(job, key);
  const opponents = chosen.map((t) => `${counts[t.id]} × ${t.name}`).join(', ');
  const seen = hidden || chosen.some((t) => t.hidden) ? ' (played as if the opponents were seen)' : '';

  let text: string;
  let shown: string = view.state;
  if (!ready) text = 'tick a character and choose opponents to see how the party is likely to fare.';
  else if (view.state === 'done') {
    text = view.answer.ok ? `${partyLine(view.answer, opponents)}${seen}.` : view.answer.message;
    shown = view.answer.ok ? 'done' : 'refused';
  } else if (view.state === 'failed') text = `the forecast failed: ${view.message}`;
  else if (view.state === 'running' && view.preview) text = `${partyLine(view.preview, opponents)}… (playing ${fights(FORECAST_RUNS)})`;
  else text = `${opponents}: playing ${fights(FORECAST_RUNS)}…`;
  return (
    <p className="nf-forecast" role="status" data-state={ready ? shown : 'idle'}>
      <span className="muted">Forecast:</span> {text}
    </p>
  );
}
