/**
 * Supabase Realtime's Phoenix protocol with postgres_changes, broadcast and presence (wire facts §3):
 * sockets (connection.ts) carry channels (channel.ts), which receive database changes
 * (postgres-changes.ts), broadcasts (broadcast.ts) and presence (presence.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database } from '../db/database';
import { createChannels } from './channel';
import { type Connection, createSocketServer } from './connection';
import { startPostgresChanges } from './postgres-changes';

/**
 * Supabase Realtime's bounds, so that one client cannot take the server from the others. Frames over
 * MAX_FRAME_BYTES close the socket; a socket beyond MAX_SOCKETS_PER_CLIENT from one address is
 * refused at the upgrade with 429 and Realtime's `{"error": TOO_MANY_CONNECTIONS}` (RT
 * user_socket.ex); the others refuse one join with the reason Realtime sends (RT
 * realtime_channel.ex) and leave the rest of the connection working.
 */
export {
  MAX_FRAME_BYTES,
  MAX_JOINS_PER_SECOND,
  MAX_SOCKETS_PER_CLIENT,
  TOO_MANY_CONNECTIONS,
  TOO_MANY_JOINS,
} from './connection';
export { MAX_CHANNELS_PER_CONNECTION, TOO_MANY_CHANNELS } from './channel';
export { MAX_POSTGRES_CHANGES_PER_JOIN, TOO_MANY_POSTGRES_CHANGES } from './subscriptions';
export { MAX_FILTERS_PER_USER, TOO_MANY_FILTERS } from './filter-quota';
/** The filter work done for changes, for tests: see delivery.ts. */
export { filterWork } from './delivery';

export interface RealtimeOptions {
  db: Database;
  jwtSecret: string;
}

export interface RealtimeServer {
  /** Called by the HTTP server for upgrades on /realtime/v1/websocket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export async function createRealtimeServer({ db, jwtSecret }: RealtimeOptions): Promise<RealtimeServer> {
  const postgresChanges = await startPostgresChanges(db);
  const connections = new Set<Connection>();
  const channels = createChannels({ jwtSecret, postgresChanges, connections });
  const sockets = createSocketServer(jwtSecret, connections, {
    onFrame: channels.handleFrame,
    onBinary: channels.handleBinary,
    onClose: channels.leaveAll,
  });

  return {
    handleUpgrade: sockets.handleUpgrade,
    async close() {
      await postgresChanges.stopListening();
      const open = [...connections];
      for (const connection of open) connection.ws.close(1001, 'server shutting down');
      // The frames each socket had in hand finish before the database closes (no more are taken),
      // then their channels go.
      await Promise.all(open.map((connection) => connection.inbox));
      for (const connection of open) channels.leaveAll(connection);
      // Changes already being read finish before the database closes.
      await postgresChanges.settled();
      sockets.close();
    },
  };
}
