import { customForecastPolicy } from '../rules/custom/forecast-policy.ts';
import { cwnForecastPolicy } from '../rules/cwn/forecast-policy.ts';
import { falloutForecastPolicy } from '../rules/fallout/forecast-policy.ts';
import { kuroForecastPolicy } from '../rules/kuro/forecast-policy.ts';
import { popcornForecastPolicy } from '../rules/popcorn/forecast-policy.ts';
import { swnForecastPolicy } from '../rules/swn/forecast-policy.ts';
import type { ForecastPolicy } from './policy.ts';

/** Each shipped game's forecast policy, by rule module id. */
export const forecastPolicies: ReadonlyMap<string, ForecastPolicy> = new Map<string, ForecastPolicy>(
  [customForecastPolicy, swnForecastPolicy, cwnForecastPolicy, kuroForecastPolicy, falloutForecastPolicy, popcornForecastPolicy].map((p) => [p.rules, p]),
);
