/**
 * The device lists the live status reads, over the service client: whole lists walked page by
 * page under the concurrency bound, or chosen account pages only.
 *
 * A whole list that kept changing during both of walkAllPages' walks may have items missing or
 * doubled. The live status would show those gaps as devices leaving the classroom or going
 * unknown, stamped with a fresh time, so such a walk is a failed read here: the caller keeps the
 * last good view and looks again on its next refresh, when the list has likely settled.
 * The same holds for a list naming one device twice: a list that shifted under the walk, or a
 * broken service; either way not a view to stamp as fresh.
 *
 * A page is kept only for what the live status reads of it, from when it arrives until the walk
 * ends: its items and meta, and of an account device whether it is online. Its links (a link for
 * every page of the list, about half of each page) and the rest were checked by the client and
 * are read by no one: kept whole, 200 pages of a 5,000-device classroom made garbage collection
 * copy them from collection to collection while the refresh went on (issue 44).
 */
import type { AccountDevice, Page } from '../../contract/wire';
import type { ServiceClient } from '../service/client';
import type { DeviceLists, OnlineState } from './liveStatus';
import type { PageFetcher } from '../service/pageWalk';
import { fetchPages, walkAllPages } from '../service/pageWalk';
import { ServiceError } from '../service/serviceErrors';

export function deviceListsOf(client: ServiceClient, concurrency = 4): DeviceLists {
  const accountPage = (signal?: AbortSignal) => (page: number) =>
    client.accountDevicesPage(page, signal).then(onlineStates);
  return {
    async classroomDevices(classroomId, signal) {
      const pages = await walkSettled(
        (page) => client.classroomDevicesPage(classroomId, page, signal).then(withoutLinks),
        'classroom',
        concurrency,
      );
      return pages.flatMap((page) => page.data);
    },
    accountPages: (pages, signal) => fetchPages(accountPage(signal), pages, { concurrency }),
    allAccountPages: (signal) => walkSettled(accountPage(signal), 'account', concurrency),
  };
}

/** A page's items and meta, without its links. */
const withoutLinks = <Item>({ data, meta }: Page<Item>): Page<Item> => ({ data, links: [], meta });

/**
 * An account page as the live status reads it: each device's id and whether it is online. An
 * unchanged page comes from the client as the same object (answerMemory.ts), and is read the
 * same: kept beside it, not made again.
 */
const readAsOnline = new WeakMap<Page<AccountDevice>, Page<OnlineState>>();
function onlineStates(page: Page<AccountDevice>): Page<OnlineState> {
  let states = readAsOnline.get(page);
  if (states === undefined) {
    states = {
      data: page.data.map(({ remote_id, is_online }) => ({ remote_id, is_online })),
      links: [],
      meta: page.meta,
    };
    readAsOnline.set(page, states);
  }
  return states;
}

async function walkSettled<Item extends { remote_id: string }>(
  fetchPage: PageFetcher<Item>,
  list: 'classroom' | 'account',
  concurrency: number,
) {
  const walked = await walkAllPages(fetchPage, { concurrency });
  if (!walked.consistent) {
    throw new ServiceError({
      kind: 'bad-response',
      detail: `the ${list} device list kept changing while it was read (twice); it is read again at the next refresh`,
    });
  }
  const seen = new Set<string>();
  for (const page of walked.pages) {
    for (const item of page.data) {
      if (seen.has(item.remote_id)) {
        throw new ServiceError({
          kind: 'bad-response',
          detail: `the ${list} device list names device ${item.remote_id} twice; it is read again at the next refresh`,
        });
      }
      seen.add(item.remote_id);
    }
  }
  return walked.pages;
}
