import type { ReactNode } from 'react';

/** The shell of the initiative and start panels: a titled section and the engine's refusal, if any. */
export function StartSection({ title, error, children }: { title: string; error: string | null; children: ReactNode }) {
  return (
    <section className="panel initiative" aria-labelledby="init-h">
      <h2 id="init-h">{title}</h2>
      {children}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
