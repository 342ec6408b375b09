/** Placeholder screen: replaced by the issue 4 implementation. */
export function Component() {
  return null;
}
