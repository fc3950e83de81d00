import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDatabase } from '../auth/test-database';
import type { Channel } from './channel';
import { filterWork } from './delivery';
import { type PostgresChanges, startPostgresChanges } from './postgres-changes';
import {
  joinedChannel,
  NOTES_FIXTURE,
  type RecordingConnection,
  recordingConnection,
  userIdentity,
} from './test-support';

describeWithDatabase('postgres changes', (db) => {
  let postgresChanges: PostgresChanges;
  beforeAll(async () => {
    await db().exec(NOTES_FIXTURE);
    postgresChanges = await startPostgresChanges(db());
  });
  afterAll(async () => {
    await postgresChanges.stopListening();
    await postgresChanges.settled();
  });

  /** A tracked channel of `owner`, on its own connection, holding the given bindings' subscriptions. */
  async function follow(
    owner: string,
    filters: (string | undefined)[],
  ): Promise<{ channel: Channel; connection: RecordingConnection }> {
    const connection = recordingConnection();
    const bindings = filters.map((filter) => ({ event: '*', schema: 'public', table: 'notes', filter }));
    const { subscriptions, failure } = await postgresChanges.subscribe(bindings, 'authenticated');
    expect(failure).toBeNull();
    const channel = joinedChannel(connection, `realtime:${randomUUID()}`, {
      identity: userIdentity(owner),
      bindings,
      subscriptions,
    });
    postgresChanges.track(channel);
    return { channel, connection };
  }

  const insertNote = async (owner: string, title: string) =>
    (
      await db().query<{ id: string }>(
        'insert into public.notes (owner, title, secret) values ($1, $2, $3) returning id',
        [owner, title, 'hidden'],
      )
    ).rows[0]!.id;

  const events = (connection: RecordingConnection) =>
    connection.sent
      .filter((frame) => (frame as unknown[])[3] === 'postgres_changes')
      .map((frame) => (frame as unknown[])[4]);

  it('sends a change to the channels whose subscriptions cover it, as the subscriber may see it', async () => {
    const alice = randomUUID();
    const { channel, connection } = await follow(alice, [undefined, 'title=eq.Shirt', 'title=eq.Kurta']);
    const id = await insertNote(alice, 'Shirt');
    await expect.poll(() => events(connection).length).toBe(1);
    const [everything, shirts] = channel.subscriptions.map((subscription) => subscription.id);
    expect(events(connection)[0]).toEqual({
      ids: [everything, shirts],
      data: {
        schema: 'public',
        table: 'notes',
        type: 'INSERT',
        commit_timestamp: expect.any(String),
        columns: [
          { name: 'id', type: 'int8' },
          { name: 'owner', type: 'uuid' },
          { name: 'title', type: 'text' },
        ],
        record: { id: Number(id), owner: alice, title: 'Shirt' },
        errors: null,
      },
    });
  });

  it('sends nothing to another user, to an untracked channel or to a closed one', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    const untracked = await follow(alice, [undefined]);
    postgresChanges.untrack(untracked.channel);
    const closed = await follow(alice, [undefined]);
    closed.channel.closed = true;
    const other = await follow(bob, [undefined]);
    await insertNote(alice, 'Not for Bob');
    // Each subscriber's changes arrive in commit order: once Bob has his own, Alice's was decided for him.
    await insertNote(bob, 'For Bob');
    await expect.poll(() => events(other.connection).length).toBe(1);
    expect(events(other.connection)[0]).toMatchObject({ data: { record: { title: 'For Bob' } } });
    await postgresChanges.settled();
    expect(events(untracked.connection)).toEqual([]);
    expect(events(closed.connection)).toEqual([]);
  });

  it("finds eq filters by the row's value: a change costs no filter test, however many filters a subscriber holds", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    const channels = 10;
    const perChannel = 100;
    const bobs = await Promise.all(
      Array.from({ length: channels }, (_, c) =>
        follow(bob, Array.from({ length: perChannel }, (_, i) => `title=eq.Bob ${c * perChannel + i}`)),
      ),
    );
    const alices = await follow(alice, [undefined]);
    const before = { ...filterWork };

    // Alice's changes: one Bob's filters cannot match costs him no read; one they can, a read
    // that finds no row (RLS). Bob's own: one lookup finds his last filter.
    await insertNote(alice, 'Alice');
    await insertNote(alice, 'Bob 0');
    await insertNote(bob, `Bob ${channels * perChannel - 1}`);
    const last = bobs[channels - 1]!;
    await expect.poll(() => events(last.connection).length).toBe(1);
    await postgresChanges.settled();
    expect(events(last.connection)[0]).toMatchObject({ ids: [last.channel.subscriptions[perChannel - 1]!.id] });
    for (const { connection } of bobs.slice(0, -1)) expect(events(connection)).toEqual([]);
    expect(events(alices.connection)).toHaveLength(2);
    expect(filterWork.tested - before.tested).toBe(0);
    expect(filterWork.lookups - before.lookups).toBe(1);
    expect(filterWork.skipped - before.skipped).toBe(1);
  });

  it("tests other filters one by one, and an eq filter's other conditions only once its lookup found it", async () => {
    const carol = randomUUID();
    const { channel, connection } = await follow(carol, [
      'title=like.Sh*',
      `owner=neq.${randomUUID()}`,
      'title=eq.Shirt,id=gt.0',
      'title=eq.Kurta,id=gt.0',
      'title=not.eq.Shirt',
    ]);
    const before = { ...filterWork };
    await insertNote(carol, 'Shirt');
    await expect.poll(() => events(connection).length).toBe(1);
    await postgresChanges.settled();
    const [like, neq, shirt] = channel.subscriptions.map((subscription) => subscription.id);
    expect(events(connection)[0]).toMatchObject({ ids: [like, neq, shirt] });
    // like, neq and not.eq are tested; of the two eq filters, only Shirt's `id=gt.0`.
    expect(filterWork.tested - before.tested).toBe(4);
  });
});
