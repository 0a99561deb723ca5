/**
 * Reading a paginated list: page 1 says how many pages there are, then the others are fetched
 * concurrently under a bound (p-limit) and put back in page order.
 *
 * A list can change while it is walked (a device added or removed between two pages), which
 * would shift items across page boundaries: one could be read twice or not at all. A page
 * whose meta.total or meta.last_page differs from page 1's shows it; the walk then restarts
 * once. If the list changes during the second walk too, that walk's pages are returned marked
 * `consistent: false` rather than failing: a busy list is not a broken service, and the live
 * status can show what it has and look again on its next refresh.
 *
 * Requests are bounded by what page 1 says: a walk asks for pages 2 to page 1's last_page and
 * no others, and a list claiming more than `maxPages` pages (200: 10,000 devices at 50 a page)
 * is refused after that one request. With the one restart, a list costs at most twice that.
 */
import pLimit from 'p-limit';
import type { Page, PageMeta } from '../../contract/wire';
import { ServiceError } from './serviceErrors';

/** Fetches one page of a list (1-based), e.g. `(n) => client.accountDevicesPage(n)`. */
export type PageFetcher<Item> = (page: number) => Promise<Page<Item>>;

export interface PageWalkOptions {
  /** Pages in flight at once. Default 4. */
  concurrency?: number;
  /** More pages than this is a bad response, not a reason to run out of memory. Default 200. */
  maxPages?: number;
}

export interface WalkedList<Item> {
  /** Every page, in page order. */
  pages: Page<Item>[];
  /** False when the list kept changing during the walk: items may be missing or doubled. */
  consistent: boolean;
}

const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_MAX_PAGES = 200;

export async function walkAllPages<Item>(
  fetchPage: PageFetcher<Item>,
  options: PageWalkOptions = {},
): Promise<WalkedList<Item>> {
  const first = await walkOnce(fetchPage, options, true);
  if (!first.changed) return { pages: first.pages, consistent: true };
  const second = await walkOnce(fetchPage, options, false);
  return { pages: second.pages, consistent: !second.changed };
}

/**
 * The given pages (e.g. the account pages remembered to hold a classroom's devices), each with
 * its items and meta, in the order asked. The same bound applies; one failure fails the call.
 */
export async function fetchPages<Item>(
  fetchPage: PageFetcher<Item>,
  pages: readonly number[],
  options: Pick<PageWalkOptions, 'concurrency'> = {},
): Promise<Page<Item>[]> {
  const fetched = await boundedMap(pages, fetchPage, options.concurrency, () => false);
  return fetched.filter(isPage);
}

/** One walk. With `stopOnChange`, a change skips the pages not yet started (a restart follows). */
async function walkOnce<Item>(
  fetchPage: PageFetcher<Item>,
  options: PageWalkOptions,
  stopOnChange: boolean,
): Promise<{ pages: Page<Item>[]; changed: boolean }> {
  const first = await fetchPage(1);
  const lastPage = first.meta.last_page;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (lastPage > maxPages) {
    throw new ServiceError({
      kind: 'bad-response',
      detail: `the list claims ${lastPage} pages; at most ${maxPages} are read`,
    });
  }
  let changed = false;
  const rest = await boundedMap(
    Array.from({ length: lastPage - 1 }, (_, i) => i + 2),
    async (n) => {
      const page = await fetchPage(n);
      if (differs(page.meta, first.meta)) changed = true;
      return page;
    },
    options.concurrency,
    () => changed && stopOnChange,
  );
  return { pages: [first, ...rest.filter(isPage)], changed };
}

/**
 * Maps under a concurrency bound, in input order. After a failure, or once `skip()` says so,
 * tasks that have not started yet resolve to undefined instead of fetching.
 */
async function boundedMap<Input, Output>(
  inputs: readonly Input[],
  task: (input: Input) => Promise<Output>,
  concurrency = DEFAULT_CONCURRENCY,
  skip: () => boolean,
): Promise<(Output | undefined)[]> {
  const limit = pLimit(concurrency);
  let failed = false;
  return limit.map(inputs, async (input) => {
    if (failed || skip()) return undefined;
    try {
      return await task(input);
    } catch (error) {
      failed = true;
      throw error;
    }
  });
}

function differs(meta: PageMeta, first: PageMeta): boolean {
  return meta.total !== first.total || meta.last_page !== first.last_page;
}

function isPage<Item>(page: Page<Item> | undefined): page is Page<Item> {
  return page !== undefined;
}
