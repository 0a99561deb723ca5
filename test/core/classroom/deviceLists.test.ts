import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src-main/core/service/client';
import { deviceListsOf } from '../../../src-main/core/classroom/deviceLists';
import { device } from '../../support/fixtures';
import { fault, inOrder } from '../../support/misbehavingService';
import { testServers } from '../../support/testServers';

const TOKEN = 'device-lists-test-token-0123';

const { misbehaving } = testServers(TOKEN);

const wireDevice = (n: number) => {
  const { classroom: _classroom, ...wire } = device(n);
  return { ...wire, is_online: true };
};

function listsOf(url: string) {
  return deviceListsOf(createServiceClient({ baseUrl: url, token: TOKEN, retry: { attempts: 1 } }));
}

describe('device lists from a service naming a device twice', () => {
  // 51 devices over two pages, the last one a second copy of the first.
  const doubled = [...Array.from({ length: 50 }, (_, n) => wireDevice(n)), wireDevice(0)];

  it('a classroom list with a duplicate remote id is a bad response', async () => {
    const service = await misbehaving(inOrder(fault.page(doubled)));
    await expect(listsOf(service.url).classroomDevices('room-a')).rejects.toMatchObject({
      kind: 'bad-response',
      detail: `the classroom device list names device ${wireDevice(0).remote_id} twice; it is read again at the next refresh`,
    });
  });

  it('so is an account list with one', async () => {
    const service = await misbehaving(inOrder(fault.page(doubled)));
    await expect(listsOf(service.url).allAccountPages()).rejects.toMatchObject({
      kind: 'bad-response',
    });
  });

  it('distinct ids read as they are', async () => {
    const service = await misbehaving(
      inOrder(fault.page(Array.from({ length: 51 }, (_, n) => wireDevice(n)))),
    );
    expect(await listsOf(service.url).classroomDevices('room-a')).toHaveLength(51);
  });
});
