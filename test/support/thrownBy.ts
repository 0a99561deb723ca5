/** What `act` threw, to look at more than its message; undefined when it returned. */
export function thrownBy(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  return undefined;
}
