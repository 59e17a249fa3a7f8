import '@fontsource/titillium-web/400.css';
import '@fontsource/titillium-web/600.css';
import '@fontsource/titillium-web/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { readEnv } from './core/env.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');
createRoot(root).render(
  <StrictMode>
    <App env={readEnv(window.nomadEnv)} />
  </StrictMode>,
);
