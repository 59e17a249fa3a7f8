// The periodic embargo check, with a clock the test moves instead of waiting months.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUpload } from '../store/uploads.ts';
import { createCaller } from '../testing/callers.ts';
import { storeProcessedUpload } from '../testing/curation.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { MovableClock } from '../time/clock.ts';
import { liftEndedEmbargoes, startEmbargoTask } from './embargo.ts';
import { publishUpload } from './publish.ts';

describe('the embargo task', () => {
  const clock = new MovableClock(new Date('2031-03-31T00:00:00.000Z'));
  let service: ServiceTestContext;

  beforeAll(async () => {
    service = await openServiceContext({ clock });
  });
  afterAll(async () => service?.close());

  it('lifts the embargoes that have run out, checking now and then until stopped', async () => {
    const ada = await createCaller(service.ctx.db, 'ada');
    const short = await storeProcessedUpload(service.ctx.db, {
      mainAuthor: ada.user_id,
      mainfiles: ['a.cif'],
    });
    const long = await storeProcessedUpload(service.ctx.db, {
      mainAuthor: ada.user_id,
      mainfiles: ['b.cif'],
    });
    await publishUpload(service.ctx, ada, short.uploadId, { embargoLength: 3 });
    await publishUpload(service.ctx, ada, long.uploadId, { embargoLength: 24 });
    // 31 March plus three months is 30 June (June has no 31st): not yet over on 29 June.
    clock.advance(90 * 24 * 60 * 60 * 1000);
    expect(clock.now().toISOString()).toBe('2031-06-29T00:00:00.000Z');
    expect(await liftEndedEmbargoes(service.ctx)).toEqual([]);

    const errors: unknown[] = [];
    const task = startEmbargoTask(service.ctx, { intervalMs: 10, onError: (error) => errors.push(error) });
    try {
      clock.advance(2 * 24 * 60 * 60 * 1000);
      for (let i = 0; i < 500; i++) {
        if ((await findUpload(service.ctx.db, short.uploadId))?.with_embargo === false) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await findUpload(service.ctx.db, short.uploadId)).toMatchObject({
        with_embargo: false,
        embargo_length: 0,
      });
      expect((await findUpload(service.ctx.db, long.uploadId))?.with_embargo).toBe(true);
    } finally {
      await task.stop();
    }
    expect(errors).toEqual([]);
  });
});
