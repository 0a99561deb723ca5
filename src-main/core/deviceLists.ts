/**
 * The device lists the live status reads, over the service client: whole lists walked page by
 * page under the concurrency bound, or chosen account pages only.
 */
import type { ServiceClient } from './client';
import type { DeviceLists } from './liveStatus';
import { fetchPages, walkAllPages } from './pageWalk';

export function deviceListsOf(client: ServiceClient, concurrency = 4): DeviceLists {
  const accountPage = (page: number) => client.accountDevicesPage(page);
  return {
    async classroomDevices(classroomId) {
      const walked = await walkAllPages((page) => client.classroomDevicesPage(classroomId, page), {
        concurrency,
      });
      return walked.pages.flatMap((page) => page.data);
    },
    accountPages: (pages) => fetchPages(accountPage, pages, { concurrency }),
    async allAccountPages() {
      return (await walkAllPages(accountPage, { concurrency })).pages;
    },
  };
}
