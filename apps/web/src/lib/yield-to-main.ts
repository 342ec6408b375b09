/**
 * Ends the current task: the browser may paint and handle input before the rest runs. Start-up work
 * is split with it so that no single task blocks the main thread for long.
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
