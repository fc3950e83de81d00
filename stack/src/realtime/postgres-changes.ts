/**
 * postgres_changes: captured changes read as each subscriber may see them and fanned out to the
 * channels whose subscriptions they match.
 *
 * Everyone joined with the same role and claims sees the same rows: a subscriber. Changes are read
 * once per subscriber (one RLS read), however many channels and bindings it holds, so the work per
 * change grows with subscribers, not channels.
 */
import { type Database, type RequestIdentity, runAs } from '../db/database';
import { CHANGES_CHANNEL, type CapturedChange, installChangeCapture, parseCapturedChange } from './capture';
import { type ApiRole, createTableCache } from './catalog';
import type { Channel } from './channel';
import { fanOut } from './connection';
import { changeFor, filterKey, type Subscription, type SubscriberChange, subscriptionCovers } from './delivery';
import type { FilterCondition } from './filters';
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

/** What a kind of change (type and table) asks of one subscriber: its distinct filters and its channels' bindings. */
interface Delivery {
  filters: FilterCondition[][];
  targets: { channel: Channel; covering: Subscription[] }[];
}

interface Subscriber {
  identity: RequestIdentity;
  channels: Set<Channel>;
  /** Per kind of change; emptied whenever the channels or their bindings change. */
  deliveries: Map<string, Delivery>;
}

/** A subscriber's changes being read: as Realtime's poller does, those waiting are read in one transaction. */
interface Reading {
  identity: RequestIdentity;
  /** Changes not yet read, in commit order. */
  waiting: { change: CapturedChange; filters: FilterCondition[][]; done: (event: SubscriberChange | null) => void }[];
  /** Settles once no change is waiting. */
  computing: Promise<void>;
}

/** Captures changes of published tables (installing the capture) and listens for them. */
export async function startPostgresChanges(db: Database): Promise<PostgresChanges> {
  await installChangeCapture(db);
  const tables = createTableCache(db);
  const subscribers = new Map<string, Subscriber>();
  const readings = new Map<string, Reading>();

  const subscriberKeys = new WeakMap<RequestIdentity, string>();
  const subscriberKey = (identity: RequestIdentity) => {
    let key = subscriberKeys.get(identity);
    if (key === undefined) {
      key = JSON.stringify([identity.role, identity.claims]);
      subscriberKeys.set(identity, key);
    }
    return key;
  };

  const deliveryFor = (subscriber: Subscriber, change: CapturedChange): Delivery => {
    const filters = new Map<string, FilterCondition[]>();
    const targets: Delivery['targets'] = [];
    for (const channel of subscriber.channels) {
      const covering = channel.subscriptions.filter((subscription) => subscriptionCovers(subscription, change));
      if (covering.length === 0) continue;
      for (const { filter } of covering) filters.set(filterKey(filter), filter);
      targets.push({ channel, covering });
    }
    return { filters: [...filters.values()], targets };
  };

  /** Reads a subscriber's waiting changes, in order, until none are left; then forgets it. */
  const computeWaiting = async (key: string, reading: Reading) => {
    while (reading.waiting.length > 0) {
      // The changes of one commit arrive in one burst: let the whole burst join this batch.
      await Promise.resolve();
      const batch = reading.waiting.splice(0, CHANGES_PER_TRANSACTION);
      try {
        await runAs(db, reading.identity, { readOnly: true }, async (tx) => {
          for (; batch.length > 0; batch.shift()) {
            const { change, filters, done } = batch[0]!;
            const table = await tables.get(change.schema, change.table);
            done(table ? await changeFor(tx, table, change, reading.identity, filters) : null);
          }
        });
      } catch (error) {
        console.error(`realtime: could not compute ${batch.length} changes for a subscriber:`, error);
        // The failed change and those after it in this batch are not sent; later batches are.
        for (const { done } of batch) done(null);
      }
    }
    readings.delete(key);
  };

  const computeFor = (identity: RequestIdentity, change: CapturedChange, filters: FilterCondition[][]) =>
    new Promise<SubscriberChange | null>((done) => {
      const key = subscriberKey(identity);
      const waiting = { change, filters, done };
      const reading = readings.get(key);
      if (reading) return void reading.waiting.push(waiting);
      const created: Reading = { identity, waiting: [waiting], computing: Promise.resolve() };
      readings.set(key, created);
      created.computing = computeWaiting(key, created);
    });

  const deliver = (change: CapturedChange) => {
    const kind = JSON.stringify([change.type, change.schema, change.table]);
    for (const subscriber of subscribers.values()) {
      let delivery = subscriber.deliveries.get(kind);
      if (!delivery) subscriber.deliveries.set(kind, (delivery = deliveryFor(subscriber, change)));
      if (delivery.targets.length === 0) continue;
      const { targets } = delivery;
      // A subscriber's changes resolve in commit order, so each of its channels sends them in that
      // order. Only a channel whose token just changed (a new subscriber) may get a change read
      // under its old token after one read under the new.
      void computeFor(subscriber.identity, change, delivery.filters).then((event) => {
        if (!event) return;
        for (const { channel, covering } of targets) {
          if (channel.closed) continue;
          const ids = covering.filter((subscription) => event.matches(subscription.filter)).map((s) => s.id);
          if (ids.length > 0) fanOut(channel, 'postgres_changes', { ids, data: event.data });
        }
      });
    }
  };
  const stopListening = await db.listen(CHANGES_CHANNEL, (payload) => deliver(parseCapturedChange(payload)));

  return {
    subscribe: (bindings, role) => subscribe(db, tables, bindings, role),
    track(channel) {
      const key = subscriberKey(channel.identity);
      let subscriber = subscribers.get(key);
      if (!subscriber)
        subscribers.set(key, (subscriber = { identity: channel.identity, channels: new Set(), deliveries: new Map() }));
      subscriber.channels.add(channel);
      subscriber.deliveries.clear();
    },
    untrack(channel) {
      const key = subscriberKey(channel.identity);
      const subscriber = subscribers.get(key);
      if (!subscriber?.channels.delete(channel)) return;
      subscriber.deliveries.clear();
      if (subscriber.channels.size === 0) subscribers.delete(key);
    },
    stopListening,
    async settled() {
      await Promise.all([...readings.values()].map((reading) => reading.computing));
    },
  };
}
