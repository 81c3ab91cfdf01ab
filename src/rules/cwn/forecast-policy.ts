import { sineNomineForecastPolicy } from '../sine-nomine/forecast-policy.ts';

/** CWN's forecast policy: the Sine Nomine one (src/rules/sine-nomine/forecast-policy.ts; README, "Forecast"). */
export const cwnForecastPolicy = sineNomineForecastPolicy('cwn');
