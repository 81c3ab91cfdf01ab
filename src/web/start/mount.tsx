import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartApp } from './start-app.tsx';

/** The owner's page at /: the encounters of this server, and a new one. */
export function mountStart(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <StartApp />
    </StrictMode>,
  );
}
