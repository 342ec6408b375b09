/**
 * Resolves once the browser has painted the next frame (a task after the frame's animation
 * callbacks), or after 200 ms where no frame comes (a hidden tab, a web view without frames). What
 * is not part of the screen being drawn (content below it, icons, the view count) starts after it, so
 * its requests do not queue in front of the screen's own on a network that allows few at a time
 * (DESIGN §10).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 200);
  });
}
