/**
 * Payment providers (§4 Order and Group payment, §7 POST /checkout/activities, §8 'Payment failed').
 * One interface for the sandbox, WeChat Pay, Alipay and Stripe; the orders module talks only to it.
 * Amounts are integer cents (§9); `currency` is ISO 4217. Interface fixed by the commerce design.
 */

export type PaymentProviderName = 'sandbox' | 'wechatpay' | 'alipay' | 'stripe';
export type PaymentChannel =
  | 'sandbox'
  | 'wechat_jsapi'
  | 'wechat_h5'
  | 'wechat_native'
  | 'alipay_wap'
  | 'alipay_page'
  | 'stripe_checkout';
export type ClientEnvironment = 'wechat' | 'mobile' | 'browser';
export type PaymentStart =
  | { kind: 'redirect'; url: string } // sandbox page, wechat h5 (mweb_url), alipay wap/page, stripe checkout
  | { kind: 'qr'; code_url: string } // wechat native (desktop: show a QR)
  | { kind: 'jsapi'; params: Record<string, string> }; // wechat jsapi: appId, timeStamp, nonceStr, package, signType, paySign
export type PaymentEvent = {
  eventId: string; // provider's notification/event id (inbox key with provider)
  type: 'paid' | 'failed' | 'refunded' | 'ignored';
  paymentId: string; // our out_trade_no
  providerTransactionId?: string;
  amount: number; // cents actually paid
  currency: string;
  paidAt?: Date;
};
export type PaymentQuery = {
  status: 'paid' | 'pending' | 'failed' | 'closed';
  amount: number;
  currency: string;
  providerTransactionId?: string;
  paidAt?: Date;
};
export type RefundResult = { status: 'succeeded' | 'pending' | 'failed'; providerRefundId: string };
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Channels this provider offers in an environment (§1: wechat, mobile, browser). */
  channels(env: ClientEnvironment): PaymentChannel[];
  createPayment(input: {
    paymentId: string;
    orderNumber: string;
    amount: number;
    currency: string;
    description: string;
    channel: PaymentChannel;
    notifyUrl: string;
    returnUrl: string;
    expiresAt: Date;
    clientIp?: string;
    openid?: string;
  }): Promise<PaymentStart>;
  /** Verifies and decodes a notification; throws PaymentSignatureError on a bad signature or body. */
  parseNotification(input: {
    headers: Record<string, string | undefined>;
    rawBody: string;
  }): Promise<PaymentEvent>;
  /** The HTTP answer the provider expects (WeChat: 204/JSON, Alipay: 'success', Stripe: 200 JSON). */
  acknowledge(ok: boolean): { status: number; contentType: string; body: string };
  queryPayment(input: { paymentId: string; providerTransactionId?: string }): Promise<PaymentQuery>;
  refund(input: {
    paymentId: string;
    providerTransactionId?: string;
    refundId: string;
    amount: number;
    total: number;
    currency: string;
    reason: string;
  }): Promise<RefundResult>;
}
/** A notification whose signature or body does not verify (answered 400 notification.invalid). */
export class PaymentSignatureError extends Error {}
export type PaymentProviderFactory = (meetingId: string) => Promise<PaymentProvider>;
