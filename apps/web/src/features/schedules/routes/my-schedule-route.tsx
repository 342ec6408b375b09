/** Placeholder for issue 6 (being built): my-schedule-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
