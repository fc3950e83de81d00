/**
 * Realtime's work per change is bounded by distinct subscribers, not channels: one user holding
 * 200 channels (two sockets of 100, two bindings each) costs one RLS read per change, as one
 * channel would, and every channel still gets the event with the ids of its own bindings.
 *
 * The reads are counted on the stack's own database object: each RLS read is one API transaction
 * (runAs), and nothing else runs one while the change is delivered.
 */
import { expect, it } from 'vitest';
import type { Database } from '../../stack/src/db/database';
import { MAX_CHANNELS_PER_CONNECTION } from '../../stack/src/realtime/server';
import { describeStack } from '../contract/harness';
import { createMaterial, RawRealtime, signIn, superuser, type Binding, type ChangeEvent } from './support';

const SOCKETS = 2;

describeStack('realtime fan-out', (stack) => {
  it(`${SOCKETS * MAX_CHANNELS_PER_CONNECTION} channels of one user cost one RLS read per change, and each gets its event`, async () => {
    const user = await signIn(stack());
    const materialId = await createMaterial(user, 'Fan-out cotton', 10);
    const bindings: Binding[] = [
      { event: '*', schema: 'public', table: 'raw_materials' },
      { event: 'UPDATE', schema: 'public', table: 'raw_materials', filter: `user_id=eq.${user.id}` },
    ];
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, () => RawRealtime.open(stack())));
    const db = superuser(stack());
    const apiTransaction = db.apiTransaction;
    try {
      const topics = Array.from({ length: MAX_CHANNELS_PER_CONNECTION }, (_, i) => `fan-out-${i}`);
      let bindingIds: number[] | undefined;
      for (const socket of sockets) {
        for (const topic of topics) {
          const joined = await socket.join(topic, bindings, user.token);
          expect(joined.status).toBe('ok');
          bindingIds ??= (joined.response.postgres_changes as { id: number }[]).map((binding) => binding.id);
        }
      }
      await Promise.all(sockets.flatMap((socket) => topics.map((topic) => socket.subscribed(topic))));

      let reads = 0;
      db.apiTransaction = ((fn, options) => {
        reads++;
        return apiTransaction.call(db, fn, options);
      }) as Database['apiTransaction'];
      const heard = sockets.flatMap((socket) =>
        topics.map((topic) =>
          socket.next(
            (f) => f[2] === `realtime:${topic}` && f[3] === 'postgres_changes' && (f[4] as ChangeEvent).data.record?.supplier === 'Fan-out mill',
            `the UPDATE on ${topic}`,
          ),
        ),
      );
      // Through the superuser connection, outside any transaction: only realtime's reads are counted.
      await db.query(`update public.raw_materials set supplier = 'Fan-out mill' where id = $1`, [materialId]);
      const events = (await Promise.all(heard)).map((frame) => frame[4] as ChangeEvent);

      expect(events).toHaveLength(SOCKETS * MAX_CHANNELS_PER_CONNECTION);
      for (const event of events) {
        expect(event.data.type).toBe('UPDATE');
        expect([...event.ids].sort()).toEqual([...bindingIds!].sort());
      }
      expect(reads).toBe(1);
    } finally {
      db.apiTransaction = apiTransaction;
      for (const socket of sockets) socket.close();
    }
  });

  it('600 distinct filters of one user (more than one statement decides) each match exactly their own rows', async () => {
    const user = await signIn(stack());
    const socket = await RawRealtime.open(stack());
    const db = superuser(stack());
    const apiTransaction = db.apiTransaction;
    try {
      const channels = 6;
      const filtersPerChannel = 100;
      const nameOf = (channel: number, entry: number) => `Filtered ${channel}-${entry}`;
      const ids: number[][] = [];
      for (let channel = 0; channel < channels; channel++) {
        const bindings = Array.from({ length: filtersPerChannel }, (_, entry): Binding => ({
          event: 'INSERT',
          schema: 'public',
          table: 'raw_materials',
          filter: `material_name=eq.${nameOf(channel, entry)}`,
        }));
        const joined = await socket.join(`filtered-${channel}`, bindings, user.token);
        expect(joined.status).toBe('ok');
        ids.push((joined.response.postgres_changes as { id: number }[]).map((binding) => binding.id));
      }
      await Promise.all(ids.map((_, channel) => socket.subscribed(`filtered-${channel}`)));

      let reads = 0;
      db.apiTransaction = ((fn, options) => {
        reads++;
        return apiTransaction.call(db, fn, options);
      }) as Database['apiTransaction'];
      // The last filter of the last channel: decided by the second statement.
      const name = nameOf(channels - 1, filtersPerChannel - 1);
      const heard = socket.nextChange(`filtered-${channels - 1}`, (event) => event.data.record?.material_name === name, `the INSERT of ${name}`);
      await db.query(`insert into public.raw_materials (user_id, material_name) values ($1, $2)`, [user.id, name]);
      expect((await heard).ids).toEqual([ids[channels - 1]![filtersPerChannel - 1]]);
      expect(reads).toBe(1);
      // No other channel matched; a heartbeat sent after the event is answered after anything sent before it.
      expect((await socket.heartbeat()).status).toBe('ok');
      for (let channel = 0; channel < channels - 1; channel++) expect(socket.changes(`filtered-${channel}`)).toEqual([]);
    } finally {
      db.apiTransaction = apiTransaction;
      socket.close();
    }
  });
});
