/**
 * The functions gateway with real Deno processes, on a folder of small functions written here:
 * JWT verification by config.toml, Deno's permissions, restart after a crash, the time, size and
 * concurrency bounds, and no Deno process left once it closes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../auth/jwt';
import { createFunctions, type FunctionsGateway } from './functions';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const anonKey = signJwt({ role: 'anon', exp: 4102444800 }, SECRET);

const FUNCTIONS: Record<string, string> = {
  // Echoes what it was given, and tries what its permissions must refuse.
  echo: `
    const attempt = async (fn) => { try { await fn(); return 'allowed'; } catch (e) { return e.name; } };
    Deno.serve(async (req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/exit')) Deno.exit(3);
      if (url.pathname.endsWith('/slow')) await new Promise((r) => setTimeout(r, 5000));
      return Response.json({
        pid: Deno.pid,
        path: url.pathname + url.search,
        method: req.method,
        body: await req.text(),
        supabaseUrl: Deno.env.get('SUPABASE_URL'),
        hasServiceKey: Boolean(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')),
        home: await attempt(() => Deno.env.get('HOME')),
        readOutside: await attempt(() => Deno.readTextFile('/etc/hostname')),
        writeOwnFolder: await attempt(() => Deno.writeTextFile(new URL('./x.txt', import.meta.url), 'x')),
        netElsewhere: await attempt(() => Deno.connect({ hostname: '127.0.0.1', port: 9 })),
        run: await attempt(() => new Deno.Command('/bin/true').output()),
      }, { headers: { 'access-control-allow-origin': '*' } });
    });`,
  open: `Deno.serve(() => new Response('open'));`,
  broken: `throw new Error('broken on purpose');`,
};

/** Deno processes whose parent is this test process (or parent). */
function denoChildren(parent = process.pid): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return stat.includes('(deno)') && Number(fields[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('functions gateway', () => {
  let dir: string;
  let functions: FunctionsGateway;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'functions-test-'));
    for (const [name, source] of Object.entries(FUNCTIONS)) {
      mkdirSync(path.join(dir, 'functions', name), { recursive: true });
      writeFileSync(path.join(dir, 'functions', name, 'index.ts'), source);
    }
    mkdirSync(path.join(dir, 'functions', '_shared'));
    writeFileSync(path.join(dir, 'functions', '_shared', 'index.ts'), 'export {};');
    writeFileSync(path.join(dir, 'config.toml'), '[functions.open]\nverify_jwt = false\n[functions.broken]\nverify_jwt = false\n');
    server = createServer((req, res) => {
      void functions.handle(req, new URL(req.url ?? '/', 'http://stack')).then((reply) => {
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    functions = createFunctions({
      functionsDir: path.join(dir, 'functions'),
      configFile: path.join(dir, 'config.toml'),
      stackUrl: base,
      anonKey,
      serviceRoleKey: 'service-role-key',
      jwtSecret: SECRET,
      maxBodyBytes: 1000,
      bodyTimeoutMs: 1000,
      timeoutMs: 1500,
      maxConcurrent: 2,
      logError: () => {},
    });
  });

  afterAll(async () => {
    await functions.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (name: string, init: RequestInit = {}, token: string | null = anonKey) =>
    fetch(`${base}/functions/v1/${name}`, {
      method: 'POST',
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
    });

  it('runs a function with the stack URL and keys, at its own path, without CORS headers of its own', async () => {
    const response = await call('echo/sub/path?x=1', { body: 'hello' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toMatchObject({
      path: '/echo/sub/path?x=1',
      method: 'POST',
      body: 'hello',
      supabaseUrl: base,
      hasServiceKey: true,
    });
  });

  it('gives the function only its three variables, its own folder read-only, and the stack alone on the network', async () => {
    const answer = (await (await call('echo')).json()) as Record<string, string>;
    expect(answer).toMatchObject({
      home: 'NotCapable',
      readOutside: 'NotCapable',
      writeOwnFolder: 'NotCapable',
      netElsewhere: 'NotCapable',
      run: 'NotCapable',
    });
  });

  it('requires a JWT of this stack unless config.toml says verify_jwt = false', async () => {
    expect((await call('echo', {}, null)).status).toBe(401);
    expect(await (await call('echo', {}, null)).json()).toEqual({
      code: 'UNAUTHORIZED_NO_AUTH_HEADER',
      message: 'Missing authorization header',
    });
    const forged = signJwt({ role: 'service_role', exp: 4102444800 }, 'another-secret-of-at-least-32-characters');
    expect((await call('echo', {}, forged)).status).toBe(401);
    const expired = signJwt({ role: 'anon', exp: 1 }, SECRET);
    expect((await call('echo', {}, expired)).status).toBe(401);
    const open = await call('open', {}, null);
    expect([open.status, await open.text()]).toEqual([200, 'open']);
  });

  it('answers 404 for names that are not function folders', async () => {
    for (const name of ['missing', '_shared', '..%2Fconfig.toml', '.', 'echo%00', '']) {
      const response = await call(name, {}, anonKey);
      expect([name, response.status]).toEqual([name, 404]);
    }
    expect(await (await call('missing')).json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('refuses a body over the limit before the function sees it', async () => {
    expect((await call('echo', { body: 'x'.repeat(1001) })).status).toBe(413);
    expect((await call('echo', { body: 'x'.repeat(1000) })).status).toBe(200);
  });

  it('answers 503 for a function that fails to start, and keeps serving the others', async () => {
    const response = await call('broken', {}, null);
    expect(response.status).toBe(503);
    expect((await call('open', {}, null)).status).toBe(200);
  });

  it('starts a function again after it dies', async () => {
    const pid = async () => {
      const response = await call('echo');
      expect(response.status).toBe(200);
      return ((await response.json()) as { pid: number }).pid;
    };
    const before = await pid();
    expect((await call('echo/exit')).status).toBe(502);
    const after = await pid();
    expect(after).toEqual(expect.any(Number));
    expect(after).not.toBe(before);
    expect(await pid()).toBe(after);
  });

  it('bounds time (504) and requests in flight (503)', async () => {
    const slow = [call('echo/slow'), call('echo/slow')];
    // Both slots are taken until the slow calls time out.
    await expect.poll(async () => (await call('open', {}, null)).status, { timeout: 1000, interval: 50 }).toBe(503);
    expect((await Promise.all(slow)).map((response) => response.status)).toEqual([504, 504]);
    expect((await call('open', {}, null)).status).toBe(200);
  });

  /** A raw request whose body (declared 500 bytes) comes one byte every 100 ms: its answer, when, and when its connection closed. */
  function trickle(name: string, headers = '') {
    const started = performance.now();
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.write(`POST /functions/v1/${name} HTTP/1.1\r\nHost: stack\r\nContent-Length: 500\r\n${headers}\r\n`);
    const timer = setInterval(() => socket.writable && socket.write('x'), 100);
    let received = '';
    let answeredMs = -1;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (answeredMs < 0) answeredMs = performance.now() - started;
    });
    socket.on('error', () => {});
    return new Promise<{ status: string; answeredMs: number; closedMs: number }>((resolve) => {
      const giveUp = setTimeout(() => socket.destroy(), 4000);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ status: received.slice(9, 12), answeredMs, closedMs: performance.now() - started });
      });
    });
  }

  it('reads a body before it takes a slot: slow senders get 408 at the body deadline and never hold one', async () => {
    // Three slow bodies for two slots; the open function still answers meanwhile.
    const slow = [trickle('open'), trickle('open'), trickle('open')];
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 3; i++) expect((await call('open', {}, null)).status).toBe(200);
    for (const outcome of await Promise.all(slow)) {
      expect(outcome.status).toBe('408');
      expect(outcome.answeredMs).toBeGreaterThanOrEqual(950);
      expect(outcome.closedMs).toBeLessThan(1500);
    }
    // A request refused on its headers is answered at once; its unread body is dropped until the deadline, then cut.
    const refused = await trickle('echo');
    expect(refused.status).toBe('401');
    expect(refused.answeredMs).toBeLessThan(500);
    expect(refused.closedMs).toBeGreaterThanOrEqual(950);
    expect(refused.closedMs).toBeLessThan(1500);
  });

  it('leaves no Deno process behind once closed', async () => {
    expect(denoChildren().length).toBeGreaterThan(0);
    await functions.close();
    expect(denoChildren()).toEqual([]);
    expect((await call('open', {}, null)).status).toBe(404);
  });

  it('a Deno process ends by itself when the stack is killed (SIGKILL: no clean shutdown)', async () => {
    // A separate Node process runs the gateway, starts the open function and prints ready.
    const script = path.join(dir, 'killed-stack.ts');
    writeFileSync(
      script,
      `import { createServer } from 'node:http';
       import { createFunctions } from ${JSON.stringify(path.join(import.meta.dirname, 'functions.ts'))};
       const functions = createFunctions({ functionsDir: ${JSON.stringify(path.join(dir, 'functions'))},
         configFile: ${JSON.stringify(path.join(dir, 'config.toml'))}, stackUrl: 'http://127.0.0.1:9',
         anonKey: 'a', serviceRoleKey: 's', jwtSecret: ${JSON.stringify(SECRET)} });
       const server = createServer((req, res) => void functions.handle(req, new URL(req.url, 'http://s'))
         .then((reply) => { res.writeHead(reply.status, reply.headers); res.end(reply.body); }));
       server.listen(0, '127.0.0.1', async () => {
         const response = await fetch('http://127.0.0.1:' + server.address().port + '/functions/v1/open', { method: 'POST' });
         console.log('ready', response.status);
       });`,
    );
    const stack = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const ready = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the killed stack did not start')), 20_000);
      stack.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        if (chunk.includes('ready')) {
          clearTimeout(timer);
          resolve(chunk.trim());
        }
      });
    });
    expect(ready).toBe('ready 200');
    const [deno] = denoChildren(stack.pid);
    expect(deno).toEqual(expect.any(Number));
    // Its last argument is its socket, in the run directory the killed stack could not remove.
    const socketPath = readFileSync(`/proc/${deno}/cmdline`, 'utf8').split('\0').filter(Boolean).at(-1) ?? '';
    expect(socketPath).toMatch(/factoryflow-functions-.*\/open-1\.sock$/);
    stack.kill('SIGKILL');
    await expect.poll(() => existsSync(`/proc/${deno}`), { timeout: 5000, interval: 50 }).toBe(false);
    rmSync(path.dirname(socketPath), { recursive: true, force: true });
  });
});
