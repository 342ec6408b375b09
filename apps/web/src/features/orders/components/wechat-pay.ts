/**
 * WeChat JSAPI payment inside the WeChat browser (§1 wechat environment): the bridge's
 * getBrandWCPayRequest with the parameters the server signed. Resolves 'ok', 'cancel' or 'fail'.
 */
type Bridge = {
  invoke: (
    name: string,
    params: Record<string, string>,
    done: (result: { err_msg?: string }) => void,
  ) => void;
};

export function payInWeChat(params: Record<string, string>): Promise<'ok' | 'cancel' | 'fail'> {
  return new Promise((resolve) => {
    const run = () => {
      const bridge = (globalThis as { WeixinJSBridge?: Bridge }).WeixinJSBridge;
      if (!bridge) {
        resolve('fail');
        return;
      }
      bridge.invoke('getBrandWCPayRequest', params, (result) => {
        const message = result.err_msg ?? '';
        resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    };
    if ((globalThis as { WeixinJSBridge?: Bridge }).WeixinJSBridge) run();
    else document.addEventListener('WeixinJSBridgeReady', run, { once: true });
  });
}

const payingKey = (orderId: string) => `order-paying:${orderId}`;

/** Marks that the payer left for the provider's page, so the order page watches for the result on return. */
export function markPaying(orderId: string): void {
  try {
    sessionStorage.setItem(payingKey(orderId), String(Date.now()));
  } catch {
    // storage unavailable (private mode): the page then waits for a manual refresh
  }
}

/** Whether a payment of this order was started from this tab in the last 30 minutes. */
export function isPaying(orderId: string): boolean {
  try {
    const at = Number(sessionStorage.getItem(payingKey(orderId)));
    return Number.isFinite(at) && at > 0 && Date.now() - at < 30 * 60_000;
  } catch {
    return false;
  }
}
