import { sineNomineForecastPolicy } from '../sine-nomine/forecast-policy.ts';

/** SWN's forecast policy: the Sine Nomine one (src/rules/sine-nomine/forecast-policy.ts; README, "Forecast"). */
export const swnForecastPolicy = sineNomineForecastPolicy('swn');
