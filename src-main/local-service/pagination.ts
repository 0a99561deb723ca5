/** The paginated list envelope: data, links (Previous, one per page, Next) and meta. */
import type { Link, Page } from '../contract/wire';
import { PAGE_SIZE } from '../contract/wire';

/**
 * One page of `items`. `pageUrl(n)` is the absolute address of page n. A page past the end is
 * empty with the same counters; its Previous points at the last real page.
 */
export function paginate<Record, Item>(
  items: readonly Record[],
  page: number,
  pageUrl: (page: number) => string,
  toItem: (record: Record) => Item,
): Page<Item> {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const start = (page - 1) * PAGE_SIZE;
  const data = page <= lastPage ? items.slice(start, start + PAGE_SIZE).map(toItem) : [];

  const links: Link[] = [
    {
      url: page > 1 ? pageUrl(Math.min(page - 1, lastPage)) : null,
      label: 'Previous',
      active: false,
    },
  ];
  for (let n = 1; n <= lastPage; n++) links.push({ url: pageUrl(n), label: n, active: n === page });
  links.push({ url: page < lastPage ? pageUrl(page + 1) : null, label: 'Next', active: false });

  return {
    data,
    links,
    meta: { total, per_page: PAGE_SIZE, current_page: page, last_page: lastPage },
  };
}
