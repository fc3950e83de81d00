import iconUrl from './favicon.svg';

/**
 * The FactoryFlow tab icon. Without one, Chromium asks for /favicon.ico, gets a 404 and logs it as
 * a console error. (It belongs in index.html's <head>; until it is there, the app adds it.)
 */
export function installFavicon(): void {
  if (document.querySelector('link[rel="icon"]')) return;
  const link = document.createElement('link');
  link.rel = 'icon';
  link.type = 'image/svg+xml';
  link.href = iconUrl;
  document.head.append(link);
}
