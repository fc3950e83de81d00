/**
 * postgres_changes: captured changes read as each subscriber may see them and fanned out to the
 * channels whose subscriptions they match.
 *
 * Everyone joined with the same role and claims sees the same rows: a subscriber. Changes are read
 * once per subscriber (one RLS read), however many channels and bindings it holds, so the reads
 * per change grow with subscribers, not channels; and each subscriber's subscriptions are indexed
 * (subscription-index.ts) so that deciding which of them a change matches grows with what it
 * matches, not with how many `eq` filters the subscriber holds.
 */
import { type Database, type RequestIdentity, runAs } from '../db/database';
import { CHANGES_CHANNEL, type CapturedChange, installChangeCapture, parseCapturedChange } from './capture';
import { type ApiRole, createTableCache, type TableInfo } from './catalog';
import type { Channel } from './channel';
import { fanOut } from './connection';
import { changeFor, mayReach, type Subscription, type SubscriberChange } from './delivery';
import { type Scope, SubscriptionIndex } from './subscription-index';
import { type Binding, type SubscribeOutcome, subscribe } from './subscriptions';

/** At most this many changes are read in one subscriber's transaction, so it holds a connection briefly. */
const CHANGES_PER_TRANSACTION = 100;

export interface PostgresChanges {
  subscribe(bindings: Binding[], role: ApiRole): Promise<SubscribeOutcome>;
  /** Sends the channel the changes its subscriptions cover, read as its identity; again after either changes. */
  track(channel: Channel): void;
  untrack(channel: Channel): void;
  /** Stops taking changes; those already being read are still sent. */
  stopListening(): Promise<void>;
  /** Settles once no change is being read. */
  settled(): Promise<void>;
}

interface Subscriber {
  identity: RequestIdentity;
  /** Its channels' subscriptions. */
  index: SubscriptionIndex;
}

/** A subscriber's changes being read: as Realtime's poller does, those waiting are read in one transaction. */
interface Reading {
  identity: RequestIdentity;
  /** Changes not yet read, in commit order. */
  waiting: { change: CapturedChange; scopes: Scope[]; done: (event: SubscriberChange | null) => void }[];
  /** Settles once no change is waiting. */
  computing: Promise<void>;
}

/** Captures changes of published tables (installing the capture) and listens for them. */
export async function startPostgresChanges(db: Database): Promise<PostgresChanges> {
  await installChangeCapture(db);
  const tables = createTableCache(db);
  const subscribers = new Map<string, Subscriber>();
  const readings = new Map<string, Reading>();
  /** Counts channels tracked, so that a change reaches only channels tracked before it was delivered. */
  let sequence = 0;

  const subscriberKeys = new WeakMap<RequestIdentity, string>();
  const subscriberKey = (identity: RequestIdentity) => {
    let key = subscriberKeys.get(identity);
    if (key === undefined) {
      key = JSON.stringify([identity.role, identity.claims]);
      subscriberKeys.set(identity, key);
    }
    return key;
  };

  /**
   * Reads a subscriber's waiting changes, in order, until none are left; then forgets it. A change
   * that cannot reach any of the subscriber's subscriptions (mayReach) costs no read.
   */
  const computeWaiting = async (key: string, reading: Reading) => {
    while (reading.waiting.length > 0) {
      // The changes of one commit arrive in one burst: let the whole burst join this batch.
      await Promise.resolve();
      const batch = reading.waiting.splice(0, CHANGES_PER_TRANSACTION);
      try {
        const toRead: (Reading['waiting'][number] & { table: TableInfo })[] = [];
        for (const waiting of batch) {
          const table = await tables.get(waiting.change.schema, waiting.change.table);
          if (table && mayReach(table, waiting.change, reading.identity, waiting.scopes)) toRead.push({ ...waiting, table });
          else waiting.done(null);
        }
        if (toRead.length === 0) continue;
        await runAs(db, reading.identity, { readOnly: true }, async (tx) => {
          for (const { change, scopes, done, table } of toRead) done(await changeFor(tx, table, change, reading.identity, scopes));
        });
      } catch (error) {
        console.error(`realtime: could not compute ${batch.length} changes for a subscriber:`, error);
        // The failed change and those after it in this batch are not sent (those already decided
        // keep their outcome: a promise settles once); later batches are.
        for (const { done } of batch) done(null);
      }
    }
    readings.delete(key);
  };

  const computeFor = (identity: RequestIdentity, change: CapturedChange, scopes: Scope[]) =>
    new Promise<SubscriberChange | null>((done) => {
      const key = subscriberKey(identity);
      const waiting = { change, scopes, done };
      const reading = readings.get(key);
      if (reading) return void reading.waiting.push(waiting);
      const created: Reading = { identity, waiting: [waiting], computing: Promise.resolve() };
      readings.set(key, created);
      created.computing = computeWaiting(key, created);
    });

  /** Sends an event to each channel holding a matched subscription, with the ids of those it holds. */
  const send = (scopes: Scope[], event: SubscriberChange, deliveredAt: number) => {
    const reached = new Map<Channel, Set<Subscription>>();
    const reach = (holders: Iterable<{ channel: Channel; subscription: Subscription; since: number }>) => {
      for (const { channel, subscription, since } of holders) {
        // Tracked after the change was delivered: the change is not for it.
        if (since > deliveredAt || channel.closed) continue;
        let subscriptions = reached.get(channel);
        if (!subscriptions) reached.set(channel, (subscriptions = new Set()));
        subscriptions.add(subscription);
      }
    };
    for (const scope of scopes) reach(scope.unfiltered);
    for (const filter of event.matched) reach(filter.holders);
    for (const [channel, subscriptions] of reached) {
      const ids = channel.subscriptions.filter((subscription) => subscriptions.has(subscription)).map((s) => s.id);
      if (ids.length > 0) fanOut(channel, 'postgres_changes', { ids, data: event.data });
    }
  };

  const deliver = (change: CapturedChange) => {
    const deliveredAt = sequence;
    for (const subscriber of subscribers.values()) {
      const scopes = subscriber.index.scopesFor(change);
      if (scopes.length === 0) continue;
      // A subscriber's changes resolve in commit order, so each of its channels sends them in that
      // order. A channel whose token changes leaves its old subscriber at once: a change still being
      // read under the old token is not sent to it.
      void computeFor(subscriber.identity, change, scopes).then((event) => {
        if (event) send(scopes, event, deliveredAt);
      });
    }
  };
  const stopListening = await db.listen(CHANGES_CHANNEL, (payload) => deliver(parseCapturedChange(payload)));

  return {
    subscribe: (bindings, role) => subscribe(db, tables, bindings, role),
    track(channel) {
      const key = subscriberKey(channel.identity);
      let subscriber = subscribers.get(key);
      if (!subscriber) {
        subscriber = { identity: channel.identity, index: new SubscriptionIndex(() => ++sequence) };
        subscribers.set(key, subscriber);
      }
      subscriber.index.add(channel);
    },
    untrack(channel) {
      const key = subscriberKey(channel.identity);
      const subscriber = subscribers.get(key);
      if (!subscriber?.index.has(channel)) return;
      subscriber.index.remove(channel);
      if (subscriber.index.size === 0) subscribers.delete(key);
    },
    stopListening,
    async settled() {
      await Promise.all([...readings.values()].map((reading) => reading.computing));
    },
  };
}
