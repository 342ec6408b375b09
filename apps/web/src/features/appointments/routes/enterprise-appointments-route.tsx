/** Placeholder for issue 6 (being built): enterprise-appointments-route. */
function Placeholder() {
  return null;
}

export { Placeholder as Component };
