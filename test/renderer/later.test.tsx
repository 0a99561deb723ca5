// @vitest-environment happy-dom
/**
 * A part of the window loaded after its first paint (src-renderer/views/later.tsx): opened before
 * its chunk is in, it waits behind its Suspense and then shows; once loaded, it shows in the same
 * render that opens it, as the settings do when the teacher opens them.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { later, loadLater } from '../../src-renderer/views/later';

afterEach(cleanup);

function Part({ name }: { name: string }) {
  return <h2>{name}</h2>;
}

/** A part whose chunk comes in when `arrive` is called. */
function partLoadedOnCall() {
  let arrive: (part: typeof Part) => void = () => undefined;
  const loads: number[] = [];
  const Later = later<{ name: string }>(() => {
    loads.push(loads.length + 1);
    return new Promise((resolve) => {
      arrive = resolve;
    });
  });
  return { Later, loads, arrive: (part: typeof Part) => arrive(part) };
}

const shown = (Later: (props: { name: string }) => React.JSX.Element) =>
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Later name="Settings" />
    </Suspense>,
  );

describe('a part loaded later', () => {
  it('opened before its chunk is in, shows its fallback, then itself', async () => {
    const { Later, loads, arrive } = partLoadedOnCall();
    // Awaited, as a click is: React tries a suspended part again only after an awaited act.
    await act(async () => {
      shown(Later);
    });
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => arrive(Part));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toEqual([1]);
  });

  it('once loaded (loadLater, after the first paint), shows in the render that opens it', async () => {
    const { Later, loads, arrive } = partLoadedOnCall();
    const loading = loadLater();
    arrive(Part);
    await loading;
    shown(Later);
    // No fallback first: the heading is there in the very first commit.
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(loads).toEqual([1]);
  });
});
