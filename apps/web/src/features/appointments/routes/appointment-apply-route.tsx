/** Placeholder for issue 6 (being built): appointment-apply-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
