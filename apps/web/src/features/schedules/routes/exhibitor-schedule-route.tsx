/** Placeholder for issue 6 (being built): exhibitor-schedule-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
