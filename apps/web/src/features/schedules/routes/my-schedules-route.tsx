/** Placeholder for issue 6 (being built): my-schedules-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
