/**
 * Whole numbers in messages with thousands separators, as en-US writes them ("1,000,000"). Written out
 * rather than `toLocaleString('en-US')`: the parser names its limits in every message it may give,
 * and the first locale call in a browser costs tens of milliseconds (it loads the locale's data), on
 * the GM screen's first load as the rules' schemas parse their notations.
 */
export function withThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? `-${out}` : out;
}
