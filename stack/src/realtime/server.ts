import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database } from '../db/database';

export interface RealtimeOptions {
  db: Database;
  jwtSecret: string;
}

export interface RealtimeServer {
  /** Called by the HTTP server for upgrades on /realtime/v1/websocket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/** Supabase Realtime's Phoenix protocol with postgres_changes (wire facts §3). */
export async function createRealtimeServer(_options: RealtimeOptions): Promise<RealtimeServer> {
  throw new Error('not implemented yet');
}
