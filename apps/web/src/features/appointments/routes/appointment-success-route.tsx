/** Placeholder for issue 6 (being built): appointment-success-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
