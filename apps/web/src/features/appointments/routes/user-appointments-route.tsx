/** Placeholder for issue 6 (being built): user-appointments-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
