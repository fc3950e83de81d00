import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installFavicon } from './app/favicon';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

installFavicon();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
