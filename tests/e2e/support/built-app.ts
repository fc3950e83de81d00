/**
 * The app as it ships: `vite build` once per test run (global-setup.ts), then served per test file
 * by a small static server pointed at that file's stack. The build carries placeholders for the
 * stack's URL and anon key (Vite bakes VITE_* variables in at build time); the server writes each
 * file's real ones into the JavaScript it serves.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

export const STACK_URL_PLACEHOLDER = 'http://stack-url.e2e.invalid';
export const ANON_KEY_PLACEHOLDER = 'e2e-anon-key-placeholder';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface BuiltAppServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the build in `dir` on 127.0.0.1:port, talking to the stack at stackUrl with anonKey. */
export async function serveBuiltApp(
  dir: string,
  port: number,
  stack: { url: string; anonKey: string },
): Promise<BuiltAppServer> {
  const root = path.resolve(dir);
  const files = new Map<string, Promise<Buffer | null>>();
  const load = (file: string) => {
    let loaded = files.get(file);
    if (!loaded) {
      loaded = readFile(file).then(
        (content) =>
          file.endsWith('.js')
            ? Buffer.from(
                content
                  .toString('utf8')
                  .replaceAll(STACK_URL_PLACEHOLDER, stack.url)
                  .replaceAll(ANON_KEY_PLACEHOLDER, stack.anonKey),
              )
            : content,
        () => null,
      );
      files.set(file, loaded);
    }
    return loaded;
  };
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://app').pathname);
    const requested = path.resolve(root, `.${pathname}`);
    // The app has no routes of its own: anything that is not a file of the build is the app.
    const inside = requested.startsWith(`${root}${path.sep}`);
    const file = inside && path.extname(requested) ? requested : path.join(root, 'index.html');
    const content = await load(file);
    if (!content) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(content);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
