/**
 * The demo school, for the hosts to hand to the core (which never loads the local service): the
 * local service in this process, on a port the OS picks with a random token, serving the demo
 * account, and the notebook it starts from (its classrooms, named, and its temporal accesses, each
 * in the classroom of its device, as if given from that classroom's rows), but for the last few,
 * left as links for a new user to add and end.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../src-shared/clock';
import type { DemoSchool } from '../core/account/sessions';
import { MAX_RECENT_CLASSROOMS } from '../core/settings/settings';
import { createDemoAccount, DEMO_LINKS_TO_TRY, startLocalService } from '../local-service/index';

export async function startDemoSchool(clock: Clock = Date.now): Promise<DemoSchool> {
  const account = createDemoAccount(clock());
  const service = await startLocalService({
    token: randomBytes(24).toString('base64url'),
    fixture: account,
    clock,
  });
  const addedAt = new Date(clock()).toISOString();
  const deviceOf = new Map(account.devices.map((device) => [device.remote_id, device]));
  const tracked = account.temporal_accesses.slice(0, -DEMO_LINKS_TO_TRY);
  const toTry = account.temporal_accesses.slice(-DEMO_LINKS_TO_TRY);
  return {
    url: service.url,
    token: service.token,
    authHeader: service.authHeader,
    notebook: {
      current: account.classrooms.find((classroom) => classroom.id === 'room-12')?.id ?? null,
      recent: account.classrooms
        .slice(0, MAX_RECENT_CLASSROOMS)
        .map((classroom) => ({ id: classroom.id, nickname: classroom.name })),
      accesses: tracked.map((access) => {
        const device = deviceOf.get(access.remote_id);
        return {
          token: access.token,
          remoteId: access.remote_id,
          ...(device?.classroom ? { classroomId: device.classroom } : {}),
          ...(device?.remote_alias ? { deviceAlias: device.remote_alias } : {}),
          addedAt,
        };
      }),
      scheduledEnds: [],
    },
    linksToTry: toTry.map((access) => `https://access.example/demo/${access.token}`),
    close: () => service.close(),
  };
}
