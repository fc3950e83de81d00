import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JwtError, verifyJwt } from '../auth/jwt';
import { BodyAborted, BodyTimeout, BodyTooLarge, readBoundedBody } from '../http-body';
import { readVerifyJwt } from './config';

/**
 * `/functions/v1/<name>` as `supabase functions serve` answers it: each folder of
 * supabase/functions with an index.ts is a function, run by Deno from the npm package `deno`,
 * one process per function, started on its first request and again after it dies. The function
 * gets SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY (and `env`) and nothing else:
 * it may read only its own folder, reach only the stack over the network (and its `netHosts`:
 * shopify-inventory reaches Shopify's shops), and listens on a Unix socket in
 * a private directory, so nothing but this gateway can call it (a loopback port would let any local
 * web page skip the JWT check). `verify_jwt` in supabase/config.toml is honoured (default true: a
 * valid JWT of this stack is required).
 */
export interface FunctionsOptions {
  /** supabase/functions */
  functionsDir: string;
  /** supabase/config.toml */
  configFile: string;
  /** The stack's own URL, the functions' SUPABASE_URL. */
  stackUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Larger request bodies get 413 before the function sees them. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * A request body not complete this long after its headers gets 408 and its connection closed.
   * Default 30 s, as long as a function may take to answer: a shop sends its few kilobytes at once
   * (Shopify and WooCommerce give up on an answer after 5 s), and 1 MiB in 30 s is 35 KB/s.
   */
  bodyTimeoutMs?: number;
  /**
   * More variables every function gets (tests point shopify-inventory at a local Shopify with
   * SHOPIFY_API_ORIGIN); a function may read these and the three above, nothing else.
   */
  env?: Record<string, string>;
  /** Hosts beyond the stack that a function may reach, by function name (Deno --allow-net entries). */
  netHosts?: Record<string, readonly string[]>;
  /** A function answering later gets 504. Default 30 s. */
  timeoutMs?: number;
  /**
   * Requests in flight to all functions together; more get 503. Default 32. A request holds a slot
   * only once its body is in (a slow sender holds none: bodyTimeoutMs bounds it instead).
   */
  maxConcurrent?: number;
  logError?: (message: string, error: unknown) => void;
}

export interface FunctionReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface FunctionsGateway {
  handle(req: IncomingMessage, url: URL): Promise<FunctionReply>;
  /** Stops every function process and waits for each to exit. */
  close(): Promise<void>;
}

export const FUNCTIONS_PREFIX = '/functions/v1';
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** A function's answer larger than this is a 502: the gateway holds answers in memory. */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
const BOOT_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 3_000;
const READY_LINE = 'factoryflow-function-ready';
const PRELOAD = path.join(import.meta.dirname, 'deno-preload.js');
const ENV_NAMES = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;
/** Hop-by-hop headers, and CORS, which is the gateway's to decide for every API. */
const DROPPED_RESPONSE_HEADERS = /^(connection|keep-alive|transfer-encoding|content-length|access-control-.*|vary)$/i;
const DROPPED_REQUEST_HEADERS = /^(connection|keep-alive|transfer-encoding|content-length|host|upgrade|expect)$/i;

const reply = (status: number, value: unknown, headers: Record<string, string> = {}): FunctionReply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: Buffer.from(JSON.stringify(value)),
});
const NOT_FOUND = () => reply(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });

/** The Deno executable of the npm package `deno` (its installer links it into the package folder). */
export function denoExecutable(): string {
  const require = createRequire(import.meta.url);
  const install = require('deno/install_api.cjs') as { runInstall(): string };
  return install.runInstall();
}

interface Worker {
  child: ChildProcess;
  socketPath: string;
  ready: Promise<void>;
  exited: Promise<void>;
}

export function createFunctions(options: FunctionsOptions): FunctionsGateway {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxConcurrent = options.maxConcurrent ?? 32;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const verifyJwtSettings = readVerifyJwt(options.configFile);
  const extraEnv = options.env ?? {};
  const stack = new URL(options.stackUrl);
  const workers = new Map<string, Worker>();
  /** Sockets and Deno's cache, private to this user (mkdtemp makes it 0700); made on first use. */
  let runDir: string | undefined;
  let inFlight = 0;
  let started = 0;
  let closed = false;

  /** The function folders: a name with an index.ts, not a `_shared`-style folder. */
  function exists(name: string): boolean {
    if (!NAME.test(name)) return false;
    try {
      return readdirSync(options.functionsDir, { withFileTypes: true }).some(
        (entry) => entry.isDirectory() && entry.name === name && existsSync(path.join(options.functionsDir, name, 'index.ts')),
      );
    } catch {
      return false;
    }
  }

  function start(name: string, directory: string): Worker {
    const folder = path.join(options.functionsDir, name);
    // A new socket per process: one that died (Deno.exit) leaves its socket file behind.
    const socketPath = path.join(directory, `${name}-${(started += 1)}.sock`);
    const cacheDir = path.join(directory, 'deno-cache');
    const child = spawn(
      denoExecutable(),
      [
        'run',
        '--no-config',
        '--no-lock',
        '--no-remote',
        '--no-npm',
        '--no-prompt',
        `--allow-env=${[...ENV_NAMES, ...Object.keys(extraEnv)].join(',')}`,
        `--allow-net=${[stack.host, ...(options.netHosts?.[name] ?? []), `unix:${socketPath}`].join(',')}`,
        `--allow-read=${folder},${socketPath}`,
        `--allow-write=${socketPath}`,
        '--preload',
        PRELOAD,
        path.join(folder, 'index.ts'),
        socketPath,
      ],
      {
        cwd: folder,
        // stdin stays open: the process exits when it closes (this process gone, even by SIGKILL).
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {
          ...extraEnv,
          SUPABASE_URL: options.stackUrl,
          SUPABASE_ANON_KEY: options.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: options.serviceRoleKey,
          DENO_DIR: cacheDir,
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
        },
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const ready = new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`${name} did not start within ${BOOT_TIMEOUT_MS} ms`)), BOOT_TIMEOUT_MS);
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        if (output.length < 65536) output += chunk;
        if (output.includes(READY_LINE)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited (${signal ?? code}) before serving`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    ready.catch(() => {});
    // The function's console.log and errors: the stack's log, as `supabase functions serve` shows them.
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => process.stderr.write(`[${name}] ${chunk}`));
    child.on('error', () => {});
    child.stdin?.on('error', () => {});
    void exited.then(() => {
      if (workers.get(name)?.child === child) workers.delete(name);
      rmSync(socketPath, { force: true });
    });
    return { child, socketPath, ready, exited };
  }

  /** The function's process, started now if it is not running (synchronously: one per name). */
  async function worker(name: string): Promise<Worker> {
    let current = workers.get(name);
    if (!current || current.child.exitCode !== null || current.child.signalCode !== null) {
      runDir ??= mkdtempSync(path.join(tmpdir(), 'factoryflow-functions-'));
      current = start(name, runDir);
      workers.set(name, current);
    }
    await current.ready;
    return current;
  }

  function jwtProblem(headers: IncomingHttpHeaders): FunctionReply | null {
    const header = headers.authorization;
    if (!header) return reply(401, { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' });
    const token = /^bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!token) return reply(401, { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: "Auth header is not 'Bearer {token}'" });
    try {
      verifyJwt(token, options.jwtSecret);
      return null;
    } catch (error) {
      if (!(error instanceof JwtError)) throw error;
      return reply(401, { code: 'UNAUTHORIZED_INVALID_JWT', message: 'Invalid JWT' });
    }
  }

  /**
   * A process whose connection failed is taken as dead at once: its exit event may come after the
   * next request, which would otherwise be sent to it and fail too. The next request starts anew.
   */
  function retire(name: string, target: Worker): void {
    if (workers.get(name) === target) workers.delete(name);
    target.child.kill('SIGKILL');
  }

  function forward(name: string, target: Worker, req: IncomingMessage, pathAndQuery: string, body: Buffer): Promise<FunctionReply> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !DROPPED_REQUEST_HEADERS.test(name)) headers[name] = value;
    }
    headers['content-length'] = String(body.length);
    return new Promise((resolve) => {
      const outgoing = request(
        { socketPath: target.socketPath, method: req.method, path: pathAndQuery, headers, timeout: timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) {
              response.destroy();
              resolve(reply(502, { message: `The function's response is larger than ${MAX_RESPONSE_BYTES} bytes.` }));
            } else chunks.push(chunk);
          });
          response.on('end', () => {
            const responseHeaders: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined && !DROPPED_RESPONSE_HEADERS.test(name)) {
                responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
              }
            }
            resolve({ status: response.statusCode ?? 502, headers: responseHeaders, body: Buffer.concat(chunks) });
          });
          response.on('error', () => resolve(reply(502, { message: 'The function closed its response early.' })));
        },
      );
      let timedOut = false;
      outgoing.on('timeout', () => {
        timedOut = true;
        outgoing.destroy();
        resolve(reply(504, { message: `The function did not answer within ${timeoutMs / 1000} s.` }));
      });
      outgoing.on('error', (error) => {
        // Destroying a timed-out request errors it too: a slow function is not a dead one.
        if (timedOut) return;
        logError('function request failed:', error);
        retire(name, target);
        resolve(reply(502, { message: 'The function failed.' }));
      });
      outgoing.end(body);
    });
  }

  async function handle(req: IncomingMessage, url: URL): Promise<FunctionReply> {
    const deadline = performance.now() + bodyTimeoutMs;
    const answer = await answerRequest(req, url, deadline);
    if (answer.status !== 408) dropUnreadBody(req, deadline);
    return answer;
  }

  async function answerRequest(req: IncomingMessage, url: URL, deadline: number): Promise<FunctionReply> {
    // /functions/v1/<name>[/<rest>]: the function sees /<name>[/<rest>], as on Supabase.
    const subPath = url.pathname.slice(FUNCTIONS_PREFIX.length);
    const name = subPath.split('/')[1] ?? '';
    if (closed || !exists(name)) return NOT_FOUND();
    if (verifyJwtSettings.get(name) ?? true) {
      const problem = jwtProblem(req.headers);
      if (problem) return problem;
    }
    // The body first, bounded in size and time, and only then a slot: a slot is held while a
    // function works, never while a client takes its time to send (slow or hostile, it gets 408).
    let body: Buffer;
    try {
      if (Number(req.headers['content-length']) > maxBodyBytes) throw new BodyTooLarge();
      body = await readBoundedBody(req, maxBodyBytes, deadline - performance.now());
    } catch (error) {
      if (error instanceof BodyTimeout) {
        return reply(408, { message: `The request body did not arrive within ${bodyTimeoutMs / 1000} s.` }, { connection: 'close' });
      }
      // Nobody is left to read an answer; nothing to log either.
      if (error instanceof BodyAborted) return reply(400, { message: 'The client closed the request before its body ended.' });
      if (!(error instanceof BodyTooLarge)) throw error;
      return reply(413, { message: 'Request size limit exceeded' });
    }
    if (inFlight >= maxConcurrent) {
      return reply(503, { message: 'Too many function requests at once; retry shortly.' }, { 'retry-after': '1' });
    }
    inFlight += 1;
    try {
      let target: Worker;
      try {
        target = await worker(name);
      } catch (error) {
        logError(`function ${name} failed to start:`, error);
        return reply(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
      }
      return await forward(name, target, req, `${subPath}${url.search}`, body);
    } finally {
      inFlight -= 1;
    }
  }

  async function close(): Promise<void> {
    closed = true;
    await Promise.all(
      [...workers.values()].map(async ({ child, exited }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const stopped = await Promise.race([exited.then(() => true), delay(STOP_TIMEOUT_MS).then(() => false)]);
        if (!stopped) {
          child.kill('SIGKILL');
          await exited;
        }
      }),
    );
    workers.clear();
    if (runDir) await rm(runDir, { recursive: true, force: true });
  }

  return { handle, close };
}

/**
 * The rest of a body refused unread (404, 401, a declared size over the bound) is read and dropped,
 * so the client gets the answer rather than a reset connection, but only until the body's deadline:
 * a client still sending then is cut off, as a slow one is answered 408.
 */
function dropUnreadBody(req: IncomingMessage, deadline: number): void {
  if (req.readableEnded || req.destroyed) return;
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), Math.max(0, deadline - performance.now()));
  timer.unref();
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
