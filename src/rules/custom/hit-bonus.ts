/** "+4", "-1", "3": a bonus on the d20 (a stored attack's hit, as a GM says it). */
export const BONUS = /^[+-]?\d{1,3}$/;
