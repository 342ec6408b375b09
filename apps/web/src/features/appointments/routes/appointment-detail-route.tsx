/** Placeholder for issue 6 (being built): appointment-detail-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
